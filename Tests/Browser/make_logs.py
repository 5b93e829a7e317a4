"""Writes the logs the browser tests open: a hostile one and a long one.

A log is data from elsewhere: the hostile log puts markup, script, `javascript:` links, line
separators and a lone surrogate in every place a log can hold text (the root type's name,
action types, payload keys and values). The long one has 100,000 actions.
"""
import json
import sys

HEADER = {"format": "substate-log", "version": 2, "root": "App", "rootName": "3App", "rootShape": "App(count: Int)",
          "initialState": {"count": 0}}

HOSTILE = [
    "<script>window.__pwned = 1</script>",
    "</script><script>window.__pwned = 2</script>",
    "<img src=x onerror=\"window.__pwned = 3\">",
    "javascript:window.__pwned = 4",
    "line\u2028separator\u2029paragraph",
    "<!-- comment --> & &amp; \"quotes\" 'single'",
]


def line(seq, time, kind, payload, origin="app"):
    return json.dumps({"seq": seq, "t": time, "type": kind, "name": "4Evil", "shape": kind, "origin": origin,
                       "payload": payload}, ensure_ascii=False)


def hostile(path):
    header = dict(HEADER)
    header["root"] = HOSTILE[0]
    lines = [json.dumps(header, ensure_ascii=False)]
    for index, text in enumerate(HOSTILE):
        lines.append(line(index + 1, index * 0.1, text, {text: text, "nested": {"link": HOSTILE[3], "list": HOSTILE},
                                                          "password": {"$redacted": True}}))
    # A lone surrogate, which JSON can spell and no Unicode text can hold: the reader refuses
    # the line and the page names it.
    lines.append('{"seq":99,"t":1.0,"type":"Lone","name":"4Lone","origin":"app","payload":{"text":"\\ud800"}}')
    with open(path, "w", encoding="utf-8") as file:
        file.write("\n".join(lines) + "\n")


def long(path, count):
    types = ["Counter.Increment", "Search.Query", "Cart.Add", "Navigation.Open", "Settings.SetTint"]
    origins = ["app", "app", "effect", "middleware"]
    with open(path, "w", encoding="utf-8") as file:
        file.write(json.dumps(HEADER) + "\n")
        for seq in range(1, count + 1):
            kind = types[seq % len(types)]
            file.write(line(seq, seq * 0.01, kind, {"id": seq, "text": "item %d" % seq}, origins[seq % 4]) + "\n")


if __name__ == "__main__":
    hostile(sys.argv[1])
    long(sys.argv[2], int(sys.argv[3]))
