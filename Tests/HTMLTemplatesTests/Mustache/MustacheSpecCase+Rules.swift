import HTMLTemplates
import HTMLValidation

extension MustacheSpecCase {
    static let interpolation: [MustacheSpecCase] = [
        .init(
            rule: "text without tags passes through unchanged", template: "Hello from {Mustache}!\n",
            expected: "Hello from {Mustache}!\n"),
        .init(
            rule: "a name is replaced by its value", template: "Hello, {{subject}}!", data: ["subject": "world"],
            expected: "Hello, world!"),
        .init(
            rule: "{{name}} escapes HTML: & \" < > (and ')", template: "Escaped: {{forbidden}}",
            data: ["forbidden": "& \" < > '"], expected: "Escaped: &amp; &quot; &lt; &gt; &#39;"),
        .init(
            rule: "{{{name}}} does not escape", template: "Raw: {{{forbidden}}}", data: ["forbidden": "& \" < >"],
            expected: "Raw: & \" < >"),
        .init(
            rule: "{{&name}} does not escape", template: "Raw: {{&forbidden}}", data: ["forbidden": "& \" < >"],
            expected: "Raw: & \" < >"),
        .init(
            rule: "integers and decimals print as text", template: "{{mph}} miles an hour, {{power}} jiggawatts",
            data: ["mph": 85, "power": 1.21], expected: "85 miles an hour, 1.21 jiggawatts"),
        .init(
            rule: "null prints nothing", template: "I ({{cannot}}) be seen!", data: ["cannot": nil],
            expected: "I () be seen!"),
        .init(rule: "a missing name prints nothing", template: "I ({{cannot}}) be found!", expected: "I () be found!"),
        .init(
            rule: "a dotted name looks inside objects", template: "{{person.name}} == {{#person}}{{name}}{{/person}}",
            data: ["person": ["name": "Joe"]], expected: "Joe == Joe"),
        .init(
            rule: "a dotted name with a broken chain prints nothing", template: "[{{a.b.c}}]", data: ["a": [:]],
            expected: "[]"),
        .init(
            rule: "a broken chain is not resolved again from an outer context", template: "[{{a.b.c.name}}]",
            data: ["a": ["b": [:]], "c": ["name": "Jim"]], expected: "[]"),
        .init(
            rule: "the first part of a dotted name is looked up the context stack",
            template: "{{#a}}{{b.c.d.e.name}}{{/a}}",
            data: [
                "a": ["b": ["c": ["d": ["e": ["name": "Phil"]]]]],
                "b": ["c": ["d": ["e": ["name": "Wrong"]]]],
            ],
            expected: "Phil"),
        .init(
            rule: "context precedence: the rest of a dotted name is read only where its first part was found",
            template: "[{{#a}}{{b.c}}{{/a}}]", data: ["a": ["b": [:]], "b": ["c": "ERROR"]], expected: "[]"),
        .init(rule: "{{.}} is the current value", template: "Hello, {{.}}!", data: "world", expected: "Hello, world!"),
        .init(
            rule: "whitespace around a tag is kept", template: "| {{string}} |", data: ["string": "---"],
            expected: "| --- |"),
        .init(
            rule: "a variable tag alone on its line is not standalone", template: "  {{string}}\n",
            data: ["string": "---"], expected: "  ---\n"),
        .init(
            rule: "whitespace inside the braces is ignored", template: "|{{ string }}|{{{ string }}}|{{& string }}|",
            data: ["string": "---"], expected: "|---|---|---|"),
    ]

    static let sections: [MustacheSpecCase] = [
        .init(
            rule: "true renders the section", template: "[{{#boolean}}rendered{{/boolean}}]", data: ["boolean": true],
            expected: "[rendered]"),
        .init(
            rule: "false does not", template: "[{{#boolean}}rendered{{/boolean}}]", data: ["boolean": false],
            expected: "[]"),
        .init(rule: "null is false", template: "[{{#null}}rendered{{/null}}]", data: ["null": nil], expected: "[]"),
        .init(rule: "a missing name renders nothing", template: "[{{#missing}}found{{/missing}}]", expected: "[]"),
        .init(
            rule: "an object renders once, its names first", template: "[{{#context}}Hi {{name}}.{{/context}}]",
            data: ["context": ["name": "Joe"]], expected: "[Hi Joe.]"),
        .init(
            rule: "names of outer contexts stay visible inside", template: "{{#sec}}{{a}}, {{b}}, {{c.d}}{{/sec}}",
            data: ["a": "foo", "b": "wrong", "sec": ["b": "bar"], "c": ["d": "baz"]], expected: "foo, bar, baz"),
        .init(
            rule: "a string renders once, as {{.}}", template: "{{#foo}}{{.}} is {{foo}}{{/foo}}", data: ["foo": "bar"],
            expected: "bar is bar"),
        .init(
            rule: "a list renders once per element", template: "[{{#list}}{{item}}{{/list}}]",
            data: ["list": [["item": 1], ["item": 2], ["item": 3]]], expected: "[123]"),
        .init(
            rule: "an empty list renders nothing", template: "[{{#list}}Yay lists!{{/list}}]", data: ["list": []],
            expected: "[]"),
        .init(
            rule: "nested sections over the same name", template: "| A {{#bool}}B {{#bool}}C{{/bool}} D{{/bool}} E |",
            data: ["bool": true], expected: "| A B C D E |"),
        .init(
            rule: "{{.}} iterates strings, integers and decimals",
            template: "{{#s}}({{.}}){{/s}} {{#i}}({{.}}){{/i}} {{#d}}({{.}}){{/d}}",
            data: ["s": ["a", "b"], "i": [1, 2], "d": [1.5, 2.25]], expected: "(a)(b) (1)(2) (1.5)(2.25)"),
        .init(
            rule: "{{#.}} iterates nested lists", template: "{{#list}}({{#.}}{{.}}{{/.}}){{/list}}",
            data: ["list": [[1, 2, 3], ["a", "b", "c"]]], expected: "(123)(abc)"),
        .init(
            rule: "{{.}} escapes, {{{.}}} does not", template: "{{#list}}({{.}}|{{{.}}}){{/list}}",
            data: ["list": ["&"]], expected: "(&amp;|&)"),
        .init(
            rule: "dotted names work as section names",
            template: "{{#a.b.c}}Here{{/a.b.c}}|{{#a.b.x}}Here{{/a.b.x}}|{{#a.y.c}}Here{{/a.y.c}}",
            data: ["a": ["b": ["c": true, "x": false]]], expected: "Here||"),
        .init(
            rule: "whitespace around and inside a section is kept", template: " | {{#boolean}}\t|\t{{/boolean}} | \n",
            data: ["boolean": true], expected: " | \t|\t | \n"),
        .init(
            rule: "inline sections keep their indentation",
            template: " {{#boolean}}YES{{/boolean}}\n {{#boolean}}GOOD{{/boolean}}\n",
            data: ["boolean": true], expected: " YES\n GOOD\n"),
        .init(
            rule: "standalone lines are removed, indented or not",
            template: "| This Is\n  {{#boolean}}\n|\n{{/boolean}}\n| A Line\n",
            data: ["boolean": true], expected: "| This Is\n|\n| A Line\n"),
        .init(
            rule: "standalone lines ending in \\r\\n are removed", template: "|\r\n{{#boolean}}\r\n{{/boolean}}\r\n|",
            data: ["boolean": true], expected: "|\r\n|"),
        .init(
            rule: "a standalone tag on the first line", template: "  {{#boolean}}\n#{{/boolean}}\n/",
            data: ["boolean": true], expected: "#\n/"),
        .init(
            rule: "a standalone tag on the last line, without a newline", template: "#{{#boolean}}\n/\n  {{/boolean}}",
            data: ["boolean": true], expected: "#\n/\n"),
        .init(
            rule: "whitespace inside section tags is ignored", template: "|{{# boolean }}={{/ boolean }}|",
            data: ["boolean": true], expected: "|=|"),
    ]

    static let invertedSections: [MustacheSpecCase] = [
        .init(
            rule: "false renders the inverted section", template: "[{{^boolean}}rendered{{/boolean}}]",
            data: ["boolean": false], expected: "[rendered]"),
        .init(
            rule: "true does not", template: "[{{^boolean}}rendered{{/boolean}}]", data: ["boolean": true],
            expected: "[]"),
        .init(
            rule: "null renders it", template: "[{{^null}}rendered{{/null}}]", data: ["null": nil],
            expected: "[rendered]"),
        .init(
            rule: "a missing name renders it", template: "[{{^missing}}rendered{{/missing}}]", expected: "[rendered]"),
        .init(
            rule: "an object does not", template: "[{{^context}}Hi {{name}}.{{/context}}]",
            data: ["context": ["name": "Joe"]], expected: "[]"),
        .init(rule: "a string does not", template: "[{{^foo}}rendered{{/foo}}]", data: ["foo": "bar"], expected: "[]"),
        .init(
            rule: "a list does not", template: "[{{^list}}{{n}}{{/list}}]", data: ["list": [["n": 1]]], expected: "[]"),
        .init(
            rule: "an empty list renders it", template: "[{{^list}}Yay lists!{{/list}}]", data: ["list": []],
            expected: "[Yay lists!]"),
        .init(
            rule: "dotted names work as inverted section names",
            template: "{{^a.b.c}}Not{{/a.b.c}}|{{^a.b.x}}Not{{/a.b.x}}|{{^a.y.c}}Not{{/a.y.c}}",
            data: ["a": ["b": ["c": true, "x": false]]], expected: "|Not|Not"),
        .init(
            rule: "standalone inverted tags are removed",
            template: "| This Is\n  {{^boolean}}\n|\n  {{/boolean}}\n| A Line\n",
            data: ["boolean": false], expected: "| This Is\n|\n| A Line\n"),
    ]

    static let comments: [MustacheSpecCase] = [
        .init(
            rule: "an inline comment is removed", template: "12345{{! Comment Block! }}67890", expected: "1234567890"),
        .init(
            rule: "a comment may span lines", template: "12345{{!\n  This is a\n  multi-line comment...\n}}67890\n",
            expected: "1234567890\n"),
        .init(
            rule: "a standalone comment line is removed, indented or not",
            template: "Begin.\n{{! Comment Block! }}\n  {{! Indented Comment Block! }}\nEnd.\n",
            expected: "Begin.\nEnd.\n"),
        .init(
            rule: "a standalone comment ending in \\r\\n is removed", template: "|\r\n{{! Standalone Comment }}\r\n|",
            expected: "|\r\n|"),
        .init(
            rule: "a standalone comment on the first line", template: "  {{! I'm Still Standalone }}\n!", expected: "!"),
        .init(
            rule: "a standalone comment on the last line, without a newline",
            template: "!\n  {{! I'm Still Standalone }}",
            expected: "!\n"),
        .init(
            rule: "a multi-line standalone comment is removed",
            template: "Begin.\n{{!\nSomething's going on here...\n}}\nEnd.\n", expected: "Begin.\nEnd.\n"),
        .init(rule: "an inline comment keeps the text around it", template: "  12 {{! 34 }}\n", expected: "  12 \n"),
        .init(
            rule: "whitespace around a comment is kept", template: "12345 {{! Comment Block! }} 67890",
            expected: "12345  67890"),
        .init(
            rule: "a comment is not a name", template: "comments never show: [{{! comment }}]",
            data: ["! comment": 1, "! comment }}": 2, "comment": 3], expected: "comments never show: []"),
    ]

    static let partials: [MustacheSpecCase] = [
        .init(
            rule: "a partial renders in place", template: "\"{{>text}}\"", partials: ["text": "from partial"],
            expected: "\"from partial\""),
        .init(rule: "a missing partial renders nothing", template: "\"{{>text}}\"", expected: "\"\""),
        .init(
            rule: "a partial renders with the current context", template: "\"{{>partial}}\"", data: ["text": "content"],
            partials: ["partial": "*{{text}}*"], expected: "\"*content*\""),
        .init(
            rule: "a partial may include itself",
            template: "<ul>{{>node}}</ul>",
            data: ["content": "X", "nodes": [["content": "Y", "nodes": []]]],
            partials: ["node": "<li>{{content}}<ul>{{#nodes}}{{>node}}{{/nodes}}</ul></li>"],
            expected: "<ul><li>X<ul><li>Y<ul></ul></li></ul></li></ul>"),
        .init(
            rule: "a partial may include another", template: "\"{{>outer}}\"", data: ["a": "hello", "b": "world"],
            partials: ["outer": "*{{a}} {{>inner}}*", "inner": "{{b}}!"], expected: "\"*hello world!*\""),
        .init(
            rule: "whitespace around a partial is kept", template: "| {{>partial}} |", partials: ["partial": "\t|\t"],
            expected: "| \t|\t |"),
        .init(
            rule: "an inline partial's lines are left as they are", template: "  {{data}}  {{> partial}}\n",
            data: ["data": "|"],
            partials: ["partial": ">\n>"], expected: "  |  >\n>\n"),
        .init(
            rule: "a standalone partial ending in \\r\\n replaces its line", template: "|\r\n{{>partial}}\r\n|",
            partials: ["partial": ">"], expected: "|\r\n>|"),
        .init(
            rule: "whitespace inside partial tags is ignored", template: "|{{> partial }}|",
            partials: ["partial": "[]"],
            expected: "|[]|"),
        .init(
            rule: "FlowHost: a standalone partial's lines are not indented (the spec indents them)",
            template: "<pre>\n  {{>partial}}\n</pre>", partials: ["partial": "one\ntwo\n"],
            expected: "<pre>\none\ntwo\n</pre>", departsFromSpec: true),
    ]

    /// Every case, for the oracle.
    static let all = interpolation + sections + invertedSections + comments + partials
}
