// Compresses each file given, many times over, with zlib (gzip wrapper) at the settings FlowHost
// used and zlib's defaults, and with libdeflate at levels 1 to 6; prints each one's size and its
// best CPU time a compression (the thread's CPU clock, best of the runs: the machine's other load
// moves it least). Built and run by Benchmarks/compression.sh.
#include <libdeflate.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>

static double cpu_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

// One gzip stream with deflateInit2's settings, made from scratch as compress-nio makes each one.
static size_t zlib_gzip(const unsigned char *in, size_t n, unsigned char *out, size_t capacity, int level,
                        int window_bits, int memory_level) {
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    if (deflateInit2(&stream, level, Z_DEFLATED, window_bits + 16, memory_level, Z_DEFAULT_STRATEGY) != Z_OK) exit(1);
    stream.next_in = (unsigned char *)in;
    stream.avail_in = (uInt)n;
    stream.next_out = out;
    stream.avail_out = (uInt)capacity;
    if (deflate(&stream, Z_FINISH) != Z_STREAM_END) exit(1);
    size_t size = stream.total_out;
    deflateEnd(&stream);
    return size;
}

int main(int argc, char **argv) {
    int runs = atoi(argv[1]);
    for (int f = 2; f < argc; f++) {
        FILE *file = fopen(argv[f], "rb");
        if (!file) { perror(argv[f]); return 1; }
        fseek(file, 0, SEEK_END);
        size_t n = (size_t)ftell(file);
        rewind(file);
        size_t capacity = n * 2 + 1024;
        unsigned char *in = malloc(n), *out = malloc(capacity);
        if (fread(in, 1, n, file) != n) return 1;
        fclose(file);
        printf("%s: %zu bytes\n", argv[f], n);
        struct { int level, window_bits, memory_level; const char *name; } settings[] = {
            {2, 14, 6, "zlib 2, 16 KB window, 32 KB hash (before)"},
            {1, 15, 8, "zlib 1 (default window and hash)"},
            {6, 15, 8, "zlib 6 (zlib's default)"},
        };
        for (size_t i = 0; i < sizeof settings / sizeof *settings; i++) {
            double best = 1e9;
            size_t size = 0;
            for (int run = 0; run < runs; run++) {
                double start = cpu_seconds();
                size = zlib_gzip(in, n, out, capacity, settings[i].level, settings[i].window_bits,
                                 settings[i].memory_level);
                double time = cpu_seconds() - start;
                if (time < best) best = time;
            }
            printf("  %-44s %7zu bytes %8.1f us\n", settings[i].name, size, best * 1e6);
        }
        for (int level = 1; level <= 6; level++) {
            struct libdeflate_compressor *compressor = libdeflate_alloc_compressor(level);
            double best = 1e9;
            size_t size = 0;
            for (int run = 0; run < runs; run++) {
                double start = cpu_seconds();
                size = libdeflate_gzip_compress(compressor, in, n, out, capacity);
                double time = cpu_seconds() - start;
                if (time < best) best = time;
            }
            if (size == 0) return 1;
            char name[64];
            snprintf(name, sizeof name, "libdeflate %d%s", level, level == 1 ? " (now)" : "");
            printf("  %-44s %7zu bytes %8.1f us\n", name, size, best * 1e6);
            libdeflate_free_compressor(compressor);
        }
        free(in);
        free(out);
    }
    return 0;
}
