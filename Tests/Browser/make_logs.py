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
    header["initialState"] = {"count": 0, "note": HOSTILE[1]}
    lines = [json.dumps(header, ensure_ascii=False).encode("utf-8")]
    for index, text in enumerate(HOSTILE):
        lines.append(line(index + 1, index * 0.1, text, {text: text, "nested": {"link": HOSTILE[3], "list": HOSTILE},
                                                          "password": {"$redacted": True}}).encode("utf-8"))
    # Damaged lines, each refused by the reader and shown in its place on the page:
    # line 8, a lone surrogate, which JSON can spell and no Unicode text can hold;
    lines.append(b'{"seq":7,"t":1.0,"type":"Lone","name":"4Lone","origin":"app","payload":{"text":"\\ud800","n":7}}')
    # line 9, bytes that are not UTF-8;
    lines.append(b'{"seq":8,"t":1.1,"type":"Bytes","name":"5Bytes","origin":"effect","payload":{"text":"a\xff\xfeb"}}')
    # line 10, a good action, then a snapshot of the state after it (line 11);
    lines.append(line(9, 1.2, "Good", {"ok": True}).encode("utf-8"))
    lines.append(json.dumps({"seq": 9, "snapshot": {"count": 9, "note": HOSTILE[2]}}, ensure_ascii=False).encode("utf-8"))
    # line 12, a payload that is not JSON;
    lines.append(b'{"seq":10,"t":1.3,"type":"NotJSON","name":"7NotJSON","origin":"app","payload":{not json <b>}}')
    # line 13, a line torn mid-write, with no newline.
    lines.append(b'{"seq":11,"t":1.4,"type":"Torn","name":"4Torn","origin":"app","payload":{"te')
    with open(path, "wb") as file:
        file.write(b"\n".join(lines))


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
