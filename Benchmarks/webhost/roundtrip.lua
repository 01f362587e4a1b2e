-- wrk script for Benchmarks/webhost.sh, benchmark B: action round trips.
-- Run with one connection per thread (-tN -cN): wrk's Lua state is per thread, so each thread
-- is one browser session. Per thread: GET / (no cookie) -> 303 with the session cookie and the
-- Location -> GET the Location -> POST the page's FIRST /_action/<token> -> 303 -> GET the
-- Location -> POST its first action -> ... On the stack lab that alternates screen A (first
-- action "Next: B", a push) and screen B (first action the navigation bar's back, a pop).

local threads = {}

-- Main state: keep the threads so that done() can read their counters.
function setup(thread)
   table.insert(threads, thread)
end

-- Thread state. Globals, so that done() can read them with thread:get().
cookie = nil         -- "flowhost_session=<32 hex>" once the first GET / set it
method = "GET"       -- the next request
path = "/"
posts = 0            -- actions posted and answered with 303 (round trips)
bad = 0              -- statuses other than 2xx/3xx
conflicts = 0        -- 409s: a stale token, the script would be wrong
lost = 0             -- a page without action, a 303 without Location, a GET / without cookie
pages_a = 0          -- pages whose navigation bar title is Screen A, B, or something else
pages_b = 0
pages_other = 0

local action_pattern = "/_action/" .. string.rep("[0-9a-f]", 32)
local post_headers = {}   -- filled once the cookie is known
local get_headers = {}

function request()
   if method == "POST" then
      return wrk.format("POST", path, post_headers, "")
   end
   return wrk.format("GET", path, cookie and get_headers or {})
end

-- A header's value whatever the case of its name.
local function header(headers, wanted)
   for name, value in pairs(headers) do
      if string.lower(name) == wanted then return value end
   end
   return nil
end

-- Back to the start: GET / (with the cookie, it redirects to the screen on top).
local function restart()
   method, path = "GET", "/"
end

function response(status, headers, body)
   if status == 409 then conflicts = conflicts + 1 end
   if status < 200 or status >= 400 then
      bad = bad + 1
      return restart()
   end
   if status == 303 then
      if method == "POST" then posts = posts + 1 end
      if not cookie then
         -- wrk keeps one value per header name (the last); the server sends the session
         -- cookie after its navigation cookie.
         local id = string.match(header(headers, "set-cookie") or "", "flowhost_session=(%x+)")
         if not id then
            lost = lost + 1
            return restart()
         end
         cookie = "flowhost_session=" .. id
         get_headers = { ["Cookie"] = cookie }
         post_headers = {
            ["Cookie"] = cookie,
            ["Content-Type"] = "application/x-www-form-urlencoded",
            ["Sec-Fetch-Site"] = "same-origin",
         }
      end
      local location = header(headers, "location")
      if not location then
         lost = lost + 1
         return restart()
      end
      method, path = "GET", location
   else
      if string.find(body, 'class="nav-title">Screen A<', 1, true) then
         pages_a = pages_a + 1
      elseif string.find(body, 'class="nav-title">Screen B<', 1, true) then
         pages_b = pages_b + 1
      else
         pages_other = pages_other + 1
      end
      local action = string.match(body, action_pattern)
      if not action then
         lost = lost + 1
         return restart()
      end
      method, path = "POST", action
   end
end

-- Main state again: the counters of every thread, then one line for webhost.sh to read.
function done(summary, latency, requests)
   local sessions, round_trips, total_bad, total_conflicts, total_lost = 0, 0, 0, 0, 0
   local a, b, other = 0, 0, 0
   for _, thread in ipairs(threads) do
      if thread:get("cookie") then sessions = sessions + 1 end
      round_trips = round_trips + thread:get("posts")
      total_bad = total_bad + thread:get("bad")
      total_conflicts = total_conflicts + thread:get("conflicts")
      total_lost = total_lost + thread:get("lost")
      a = a + thread:get("pages_a")
      b = b + thread:get("pages_b")
      other = other + thread:get("pages_other")
   end
   local e = summary.errors
   io.write(string.format(
      "roundtrip.lua: %d sessions, %d actions answered 303, %d non-2xx/3xx, %d 409s, %d lost, "
         .. "socket errors %d/%d/%d/%d (connect/read/write/timeout)\n"
         .. "roundtrip.lua: pages seen: %d Screen A, %d Screen B, %d other\n",
      sessions, round_trips, total_bad, total_conflicts, total_lost, e.connect, e.read, e.write, e.timeout,
      a, b, other))
   io.write(string.format(
      "RESULT requests=%d duration_us=%d posts=%d sessions=%d bad=%d conflicts=%d lost=%d "
         .. "socket_errors=%d p50_us=%d p90_us=%d p99_us=%d max_us=%d\n",
      summary.requests, summary.duration, round_trips, sessions, total_bad, total_conflicts, total_lost,
      e.connect + e.read + e.write + e.timeout,
      latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max))
end
