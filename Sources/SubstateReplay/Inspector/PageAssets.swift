/// The session page's markup, style and script, written once and the same in every page.
///
/// The script builds everything it shows with `createElement` and `textContent`: no string
/// from the log is ever parsed as markup.
enum PageAssets {
    static let body = """
        <header>
          <h1>Substate session: <span id="root"></span></h1>
          <div id="facts"></div>
          <div id="verdict"></div>
          <ul id="problems"></ul>
          <details id="initial-section" hidden><summary>Initial state, as the log's header recorded it</summary><div id="initial-state" class="tree"></div></details>
        </header>
        <section id="charts">
          <div><h2>Actions over time</h2><svg id="over-time" viewBox="0 0 600 80" preserveAspectRatio="none"></svg></div>
          <div><h2>Actions by type</h2><div id="by-type"></div></div>
        </section>
        <section id="controls">
          <label>Type <select id="type-filter"><option value="">all</option></select></label>
          <label>Origin <select id="origin-filter"><option value="">all</option></select></label>
          <label>Search <input id="search" type="search" placeholder="type or payload text"></label>
          <span id="count"></span>
          <input id="slider" type="range" min="0" max="0" value="0">
          <span id="position"></span>
        </section>
        <main>
          <div id="timeline" tabindex="0"><div id="spacer"></div></div>
          <div id="details">
            <h2 id="selected-title">No action selected</h2>
            <div id="divergence-note"></div>
            <div id="damage-section" hidden><h3>Damaged line</h3><div id="damage-reason"></div><pre id="damage-text"></pre></div>
            <h3>Payload</h3><div id="payload" class="tree"></div>
            <div id="recorded-section"><h3>Recorded with it</h3><div id="recorded" class="tree"></div></div>
            <h3>What it changed</h3><ul id="changes"></ul>
            <h3>State after it</h3><div id="state-note"></div><div id="state" class="tree"></div>
          </div>
        </main>
        """

    static let style = """
        body { font: 13px -apple-system, system-ui, sans-serif; margin: 0; color: #222; }
        header, #charts, #controls { padding: 8px 12px; border-bottom: 1px solid #ddd; }
        h1 { font-size: 16px; margin: 0 0 4px; } h2 { font-size: 13px; margin: 4px 0; } h3 { font-size: 12px; margin: 10px 0 4px; color: #555; }
        #facts span { margin-right: 14px; color: #555; }
        #verdict.ok { color: #176a2c; } #verdict.bad { color: #b00020; font-weight: bold; }
        #verdict button { margin-left: 8px; }
        #problems { color: #b00020; margin: 4px 0; }
        #charts { display: flex; gap: 24px; } #charts > div { flex: 1; }
        #over-time { width: 100%; height: 80px; background: #fafafa; }
        #over-time rect { fill: #4a78c2; }
        .type-bar { display: flex; align-items: center; gap: 6px; font-size: 11px; }
        .type-bar .bar { background: #4a78c2; height: 8px; }
        #controls { display: flex; gap: 12px; align-items: center; flex-wrap: wrap; }
        #slider { flex: 1; min-width: 200px; }
        main { display: flex; height: calc(100vh - 260px); min-height: 300px; }
        #timeline { width: 45%; overflow-y: auto; position: relative; border-right: 1px solid #ddd; outline: none; }
        #spacer { position: relative; }
        .row { position: absolute; left: 0; right: 0; height: 22px; line-height: 22px; padding: 0 8px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; cursor: pointer; border-bottom: 1px solid #f0f0f0; font-family: ui-monospace, monospace; font-size: 12px; }
        .row.selected { background: #dde8fb; } .row.diverged { background: #fde0e0; }
        .row.damaged { background: #fff1d6; } .row.damaged.selected { background: #f5d9a0; } .row .damage-mark { color: #b00020; margin-left: 6px; }
        #damage-reason { color: #b00020; } #damage-text { white-space: pre-wrap; word-break: break-all; background: #fafafa; border: 1px solid #eee; padding: 4px; font-size: 12px; }
        #problems button { margin-left: 8px; } #state-note { color: #555; }
        .row .seq { color: #888; display: inline-block; width: 60px; } .row .time { color: #888; display: inline-block; width: 80px; }
        .row .origin { color: #7a5ca8; margin-left: 6px; } .row .mark { color: #176a2c; margin-left: 6px; }
        #details { flex: 1; overflow: auto; padding: 8px 12px; }
        .tree { font-family: ui-monospace, monospace; font-size: 12px; white-space: pre-wrap; word-break: break-all; }
        .tree details { margin-left: 14px; } .tree summary { cursor: pointer; } .tree .leaf { margin-left: 14px; }
        .tree .redacted { color: #b06000; } .tree .readable { color: #1a5fb4; }
        #changes { font-family: ui-monospace, monospace; font-size: 12px; white-space: pre-wrap; word-break: break-all; }
        #divergence-note { color: #b00020; }
        """

    static let script = #"""
        (function () {
          "use strict";
          var data = JSON.parse(document.getElementById("session-data").textContent);
          var actions = data.actions;
          var readings = data.readings || { root: null, named: {} };
          var damagedCount = actions.filter(function (action) { return action.damage; }).length;
          var rowHeight = 22;
          var byId = function (id) { return document.getElementById(id); };
          var make = function (tag, text, cls) {
            var element = document.createElement(tag);
            if (text !== undefined && text !== null) { element.textContent = String(text); }
            if (cls) { element.className = cls; }
            return element;
          };

          // Header.
          byId("root").textContent = data.header.root;
          var facts = byId("facts");
          facts.appendChild(make("span", "format version " + data.header.version));
          facts.appendChild(make("span", (actions.length - damagedCount) + " actions"));
          if (damagedCount) { facts.appendChild(make("span", damagedCount + " damaged lines")).id = "damaged-count"; }
          facts.appendChild(make("span", data.header.file));
          if (data.header.fingerprint) {
            var fingerprint = make("details");
            fingerprint.appendChild(make("summary", "root type's shape"));
            fingerprint.appendChild(make("code", data.header.fingerprint));
            facts.appendChild(fingerprint);
          }
          if (data.header.compatibility) {
            facts.appendChild(make("span", "compatibility: " + data.header.compatibility)).id = "compatibility";
          }
          var verdict = byId("verdict");
          if (data.header.replayed) {
            if (data.divergence) {
              verdict.className = "bad";
              verdict.textContent = "Replay diverged at action " + data.divergence.seq + ": " + data.divergence.message;
              var jump = make("button", "show action " + data.divergence.seq);
              jump.id = "divergence-link";
              jump.addEventListener("click", function () { selectSequence(data.divergence.seq); });
              verdict.appendChild(jump);
            } else {
              verdict.className = "ok";
              verdict.textContent = data.header.verdict || "Replay matched the recording";
            }
          } else {
            verdict.textContent = "Not replayed: the log alone (an app's replay command adds states and verification)";
          }
          data.problems.forEach(function (problem) {
            var item = make("li", problem);
            // A damaged line's problem links to the line, shown in its place in the timeline.
            actions.forEach(function (action) {
              if (!action.damage || action.damage.reason !== problem) { return; }
              var show = make("button", "show line " + action.line, "damage-link");
              show.dataset.line = String(action.line);
              show.addEventListener("click", function () { selectLine(action.line); });
              item.appendChild(show);
            });
            byId("problems").appendChild(item);
          });
          if (data.recordedInitialState !== null) {
            byId("initial-section").hidden = false;
            byId("initial-state").appendChild(tree(data.recordedInitialState, undefined, readings.root));
          }

          // Replay steps by sequence number, and the divergence.
          var stepIndex = {};
          data.steps.forEach(function (step, index) { stepIndex[step.seq] = index; });
          var marksBySeq = {};
          var markValues = {};
          data.marks.forEach(function (mark) {
            (marksBySeq[mark.seq] = marksBySeq[mark.seq] || []).push(mark.kind);
            (markValues[mark.seq] = markValues[mark.seq] || []).push(mark);
          });

          // Charts.
          var startTime = actions.length ? actions[0].t : 0;
          var endTime = actions.length ? actions[actions.length - 1].t : 0;
          var buckets = new Array(60).fill(0);
          actions.forEach(function (action) {
            var span = Math.max(endTime - startTime, 1e-9);
            var index = Math.min(59, Math.floor((action.t - startTime) / span * 60));
            buckets[index] += 1;
          });
          var most = Math.max.apply(null, buckets.concat([1]));
          var svg = byId("over-time");
          buckets.forEach(function (count, index) {
            var rect = document.createElementNS("http://www.w3.org/2000/svg", "rect");
            var height = count / most * 78;
            rect.setAttribute("x", String(index * 10));
            rect.setAttribute("y", String(80 - height));
            rect.setAttribute("width", "9");
            rect.setAttribute("height", String(height));
            var title = document.createElementNS("http://www.w3.org/2000/svg", "title");
            title.textContent = count + " actions";
            rect.appendChild(title);
            svg.appendChild(rect);
          });
          var typeCounts = {}, originCounts = {};
          actions.forEach(function (action) {
            if (!action.damage) { typeCounts[action.type] = (typeCounts[action.type] || 0) + 1; }
            originCounts[action.origin] = (originCounts[action.origin] || 0) + 1;
          });
          var types = Object.keys(typeCounts).sort(function (a, b) { return typeCounts[b] - typeCounts[a] || (a < b ? -1 : 1); });
          var topCount = types.length ? typeCounts[types[0]] : 1;
          types.slice(0, 12).forEach(function (type) {
            var line = make("div", null, "type-bar");
            var bar = make("span", null, "bar");
            bar.style.width = Math.max(2, typeCounts[type] / topCount * 200) + "px";
            line.appendChild(bar);
            line.appendChild(make("span", typeCounts[type] + " " + type));
            byId("by-type").appendChild(line);
          });
          types.slice().sort().forEach(function (type) {
            var option = make("option", type); option.value = type; byId("type-filter").appendChild(option);
          });
          Object.keys(originCounts).sort().forEach(function (origin) {
            var option = make("option", origin); option.value = origin; byId("origin-filter").appendChild(option);
          });

          // The payload text each action is searched in, made once: as recorded, and as shown.
          var searchText = actions.map(function (action) {
            var text = action.damage ? action.damage.text : (action.payload === null ? "" : JSON.stringify(action.payload));
            if (action.reading && action.payload !== null) { text += " " + JSON.stringify(readableCopy(action.payload, action.reading)); }
            return (action.type + " " + text).toLowerCase();
          });

          // Filtering and the virtualised timeline.
          var visible = actions.map(function (_, index) { return index; });
          var selected = -1;  // an index into actions
          var timeline = byId("timeline"), spacer = byId("spacer"), slider = byId("slider");
          function applyFilters() {
            var type = byId("type-filter").value, origin = byId("origin-filter").value;
            var query = byId("search").value.toLowerCase();
            visible = [];
            for (var index = 0; index < actions.length; index += 1) {
              var action = actions[index];
              if (type && action.type !== type) { continue; }
              if (origin && action.origin !== origin) { continue; }
              if (query && searchText[index].indexOf(query) < 0) { continue; }
              visible.push(index);
            }
            byId("count").textContent = visible.length + " of " + actions.length + " actions";
            spacer.style.height = (visible.length * rowHeight) + "px";
            slider.max = String(Math.max(0, visible.length - 1));
            render();
          }
          var rows = [];
          function render() {
            rows.forEach(function (row) { row.remove(); });
            rows = [];
            var first = Math.max(0, Math.floor(timeline.scrollTop / rowHeight) - 5);
            var last = Math.min(visible.length, first + Math.ceil(timeline.clientHeight / rowHeight) + 10);
            for (var position = first; position < last; position += 1) {
              var index = visible[position], action = actions[index];
              var row = make("div", null, "row");
              row.style.top = (position * rowHeight) + "px";
              if (!action.damage || action.damage.knownSeq) { row.dataset.seq = String(action.seq); }
              row.dataset.line = String(action.line);
              row.dataset.position = String(position);
              if (action.damage) { row.classList.add("damaged"); }
              if (index === selected) { row.classList.add("selected"); }
              if (data.divergence && action.seq === data.divergence.seq) { row.classList.add("diverged"); }
              var known = !action.damage || action.damage.knownSeq;
              row.appendChild(make("span", known ? "#" + action.seq : "line " + action.line, "seq"));
              row.appendChild(make("span", "+" + (action.t - startTime).toFixed(3) + "s", "time"));
              row.appendChild(make("span", action.type, "type"));
              if (action.origin !== "app") { row.appendChild(make("span", "(" + action.origin + ")", "origin")); }
              if (action.damage) {
                row.appendChild(make("span", "· damaged line " + action.line, "damage-mark"));
              } else {
                (marksBySeq[action.seq] || []).forEach(function (kind) { row.appendChild(make("span", "· " + kind, "mark")); });
              }
              row.addEventListener("click", selectRow);
              spacer.appendChild(row);
              rows.push(row);
            }
          }
          function selectRow(event) { select(Number(event.currentTarget.dataset.position)); }
          timeline.addEventListener("scroll", render);
          ["type-filter", "origin-filter"].forEach(function (id) { byId(id).addEventListener("change", applyFilters); });
          byId("search").addEventListener("input", applyFilters);
          slider.addEventListener("input", function () { select(Number(slider.value)); });
          document.addEventListener("keydown", function (event) {
            if (event.target && event.target.id === "search") { return; }
            var position = visible.indexOf(selected);
            if (event.key === "ArrowDown" || event.key === "ArrowRight") { select(Math.min(visible.length - 1, position + 1)); event.preventDefault(); }
            if (event.key === "ArrowUp" || event.key === "ArrowLeft") { select(Math.max(0, position - 1)); event.preventDefault(); }
          });

          // How values read. A reading, made from the log's shapes, says where a value holds a
          // Duration, which Codable writes as the halves of its count of attoseconds
          // ([0,300000000000000000]) and the page shows as 300 ms, or a mangled type name, shown as
          // people write it. Only what is shown changes: values, and the states rebuilt from
          // them, stay as recorded (a shown duration's title is its recorded form).
          function own(object, key) { return Object.prototype.hasOwnProperty.call(object, key); }
          function resolved(reading) {
            for (var hops = 0; reading !== null && typeof reading === "object" && own(reading, "r"); hops += 1) {
              if (hops > 64 || !own(readings.named, reading.r)) { return null; }
              reading = readings.named[reading.r];
            }
            return reading === undefined ? null : reading;
          }
          // The reading of a value's member or element.
          function partReading(reading, value, key) {
            reading = resolved(reading);
            if (reading === null || typeof reading !== "object" || value === null || typeof value !== "object") { return null; }
            var isArray = Array.isArray(value);
            if (own(reading, "f")) { return !isArray && own(reading.f, key) ? reading.f[key] : null; }
            if (own(reading, "e")) { return isArray ? reading.e : null; }
            if (own(reading, "i")) { return isArray && own(reading.i, key) ? reading.i[key] : null; }
            if (isArray) { return (Number(key) % 2 === 0 ? reading.k : reading.v) || null; }
            return reading.v || null;
          }
          // A value's text as it reads, or null when it reads as its JSON.
          function readableText(value, reading) {
            reading = resolved(reading);
            if (reading === "d") { return durationText(value); }
            if (reading !== null && typeof reading === "object" && own(reading, "t") && typeof value === "string") { return reading.t; }
            return null;
          }
          // [high, low] in the largest unit that keeps it at one or more, with at most three
          // decimals, as substate-log prints it: 300 ms, 1.5 s, 250 µs, 2 min (whole minutes).
          function durationText(value) {
            if (!Array.isArray(value) || value.length !== 2 || !Number.isInteger(value[0]) || !Number.isInteger(value[1])
                || value[1] < 0 || value[1] >= 18446744073709551616) { return null; }
            var attoseconds = value[0] * 18446744073709551616 + value[1];
            var nanoseconds = attoseconds / 1e9, magnitude = Math.abs(nanoseconds);
            var number = function (amount) {
              var rounded = (amount < 0 ? -1 : 1) * Math.round(Math.abs(amount) * 1000) / 1000;
              return String(rounded === 0 ? 0 : rounded);
            };
            if (magnitude < 1 && attoseconds !== 0) { return number(attoseconds) + " as"; }
            if (magnitude >= 60e9 && magnitude % 60e9 === 0) { return number(nanoseconds / 60e9) + " min"; }
            if (magnitude >= 1e9) { return number(nanoseconds / 1e9) + " s"; }
            if (magnitude >= 1e6) { return number(nanoseconds / 1e6) + " ms"; }
            if (magnitude >= 1e3) { return number(nanoseconds / 1e3) + " µs"; }
            return number(nanoseconds) + " ns";
          }
          // A copy of a value as it reads, for searching.
          function readableCopy(value, reading) {
            if (reading === null || reading === undefined) { return value; }
            var text = readableText(value, reading);
            if (text !== null) { return text; }
            if (value === null || typeof value !== "object") { return value; }
            var copy = Array.isArray(value) ? [] : {};
            Object.keys(value).forEach(function (key) { copy[key] = readableCopy(value[key], partReading(reading, value, key)); });
            return copy;
          }

          // Trees of JSON values, shown as text, each read as `reading` says. A closed branch is
          // filled in when it is first opened, so a state of thousands of values shows at once.
          function tree(value, label, reading) {
            var prefix = label === undefined ? "" : label + ": ";
            var text = reading ? readableText(value, reading) : null;
            if (text !== null) {
              var readable = make("div", prefix + text, "leaf readable");
              readable.title = JSON.stringify(value);
              return readable;
            }
            if (value !== null && typeof value === "object") {
              if (value["$redacted"] === true && Object.keys(value).length === 1) {
                return make("div", prefix + "<redacted>", "leaf redacted");
              }
              var isArray = Array.isArray(value);
              var keys = Object.keys(value);
              var node = make("details");
              node.open = keys.length <= 8;
              node.appendChild(make("summary", prefix + (isArray ? "[" + keys.length + "]" : "{" + keys.length + "}")));
              var fill = function () {
                keys.forEach(function (key) {
                  node.appendChild(tree(value[key], isArray ? "[" + key + "]" : key, reading ? partReading(reading, value, key) : null));
                });
              };
              if (node.open) {
                fill();
              } else {
                node.addEventListener("toggle", function once() { node.removeEventListener("toggle", once); fill(); });
              }
              return node;
            }
            return make("div", prefix + JSON.stringify(value), "leaf");
          }

          // States: the first, then each step's edits. An edit copies the objects and arrays on
          // its path and shares the rest, so states are never changed once made and keeping one
          // costs only what its step changed. The state before every 256th step is kept; they
          // are made in the background after the page opens, and any state is at most 255
          // steps of edits from one of them.
          var every = 256;
          var kept = [data.initialState];
          function edited(node, edit, depth) {
            var key = edit.p[depth];
            var copy = Array.isArray(node) ? node.slice() : Object.assign({}, node);
            if (depth < edit.p.length - 1) {
              copy[key] = edited(node[key], edit, depth + 1);
            } else if (edit.d) {
              if (Array.isArray(copy)) { copy.splice(key, 1); } else { delete copy[key]; }
            } else if (edit.i) {
              copy.splice(key, 0, edit.v);
            } else {
              copy[key] = edit.v;
            }
            return copy;
          }
          function applyEdits(state, edits) {
            for (var index = 0; index < edits.length; index += 1) {
              var edit = edits[index];
              state = edit.p.length === 0 ? edit.v : edited(state, edit, 0);
            }
            return state;
          }
          // Makes the kept states up to the one before step `upTo`.
          function keepUpTo(upTo) {
            while (kept.length * every <= upTo && kept.length * every <= data.steps.length) {
              var state = kept[kept.length - 1];
              for (var step = (kept.length - 1) * every; step < kept.length * every; step += 1) {
                state = applyEdits(state, data.steps[step].edits);
              }
              kept.push(state);
            }
          }
          function stateAfter(stepNumber) {
            keepUpTo(stepNumber);
            var base = Math.min(Math.floor(stepNumber / every), kept.length - 1);
            var state = kept[base];
            for (var step = base * every; step <= stepNumber; step += 1) { state = applyEdits(state, data.steps[step].edits); }
            return state;
          }
          function keepInBackground() {
            var started = performance.now();
            while (kept.length * every <= data.steps.length) {
              keepUpTo(kept.length * every);
              if (performance.now() - started > 12) { setTimeout(keepInBackground, 0); return; }
            }
            window.inspectorStatesReadyMs = performance.now();
          }

          function select(position) {
            if (position < 0 || position >= visible.length) { return; }
            selected = visible[position];
            slider.value = String(position);
            var action = actions[selected];
            byId("position").textContent = "action " + action.seq + " (" + (position + 1) + " of " + visible.length + ")";
            var damage = action.damage;
            byId("selected-title").textContent = damage
              ? "Damaged line " + action.line + (damage.knownSeq ? " (#" + action.seq + ")" : "") + ": " + action.type
              : "#" + action.seq + " " + action.type + " (" + action.origin + ")";
            byId("damage-section").hidden = !damage;
            byId("damage-reason").textContent = damage ? damage.reason : "";
            byId("damage-text").textContent = damage ? damage.text : "";
            var payload = byId("payload"); payload.replaceChildren();
            if (action.payload !== null) {
              payload.appendChild(tree(action.payload, undefined, action.reading));
            } else if (damage && damage.payloadText) {
              payload.appendChild(make("div", damage.payloadText, "leaf"));
            } else {
              payload.appendChild(make("div", damage ? "nothing of it could be read" : "not recorded whole", "leaf"));
            }
            var recorded = byId("recorded"); recorded.replaceChildren();
            var marksHere = damage ? undefined : markValues[action.seq];
            (marksHere || []).forEach(function (mark) {
              recorded.appendChild(tree(mark.value, mark.kind, mark.kind === "snapshot" ? readings.root : mark.reading));
            });
            byId("recorded-section").hidden = !marksHere;
            var changes = byId("changes"), state = byId("state"), note = byId("divergence-note");
            var stateNote = byId("state-note");
            changes.replaceChildren(); state.replaceChildren(); note.textContent = ""; stateNote.textContent = "";
            var stepNumber = damage ? undefined : stepIndex[action.seq];
            shown = null;
            if (stepNumber === undefined) {
              changes.appendChild(make("li", data.header.replayed ? "not replayed" : "known after a replay with the app's types"));
              if (!data.header.replayed) {
                // The log alone: the last state it recorded at or before this action.
                var last = recordedStateAt(selected);
                if (last) {
                  stateNote.textContent = "not replayed; the last state the log recorded at or before it: " + last.label;
                  shown = last.state;
                  state.appendChild(tree(last.state, undefined, readings.root));
                }
              }
            } else {
              var step = data.steps[stepNumber];
              if (step.changes.length === 0) { changes.appendChild(make("li", "nothing")); }
              step.changes.forEach(function (change) {
                var text = change.kind === "changed" ? change.path + ": " + change.before + " → " + change.after
                  : change.kind === "added" ? change.path + ": added " + change.after
                  : change.kind === "removed" ? change.path + ": removed " + change.before
                  : change.path + ": " + change.kind;
                changes.appendChild(make("li", text));
              });
              shown = stateAfter(stepNumber);
              state.appendChild(tree(shown, undefined, readings.root));
            }
            if (data.divergence && action.seq === data.divergence.seq) {
              note.textContent = "The replay diverged here: " + data.divergence.paths.join(", ");
            }
            var top = position * rowHeight;
            if (top < timeline.scrollTop || top > timeline.scrollTop + timeline.clientHeight - rowHeight) {
              timeline.scrollTop = Math.max(0, top - timeline.clientHeight / 2);
            }
            render();
          }
          // The log alone: the state recorded last at or before an action (a snapshot, or the
          // header's initial state).
          var shown = null;
          function recordedStateAt(index) {
            var sequence = -1;
            for (var back = index; back >= 0; back -= 1) {
              if (!actions[back].damage || actions[back].damage.knownSeq) { sequence = actions[back].seq; break; }
            }
            var best = null;
            data.marks.forEach(function (mark) {
              if (mark.kind === "snapshot" && mark.seq <= sequence && (!best || mark.seq >= best.seq)) { best = mark; }
            });
            if (best) { return { state: best.value, label: "the snapshot after action " + best.seq }; }
            if (data.recordedInitialState !== null) { return { state: data.recordedInitialState, label: "the initial state" }; }
            return null;
          }
          function selectLine(line) {
            byId("type-filter").value = ""; byId("origin-filter").value = ""; byId("search").value = "";
            applyFilters();
            for (var position = 0; position < visible.length; position += 1) {
              if (actions[visible[position]].line === line) { select(position); return; }
            }
          }
          function selectSequence(sequence) {
            byId("type-filter").value = ""; byId("origin-filter").value = ""; byId("search").value = "";
            applyFilters();
            for (var position = 0; position < visible.length; position += 1) {
              if (actions[visible[position]].seq === sequence) { select(position); return; }
            }
          }

          // What tests and a curious reader can ask of the page from the console.
          window.inspector = {
            selectSequence: selectSequence,
            selectLine: selectLine,
            shownState: function () { return shown; },
            actionCount: function () { return visible.length; },
            selectedPosition: function () { return visible.indexOf(selected); },
            scrollTo: function (position) { timeline.scrollTop = Math.max(0, position * rowHeight - 100); render(); }
          };

          applyFilters();
          // The rows are painted once this script is done: the frame after it is when the
          // first row is seen.
          requestAnimationFrame(function () { window.inspectorFirstRowMs = performance.now(); });
          if (visible.length) { select(0); }
          window.inspectorReadyMs = performance.now();
          document.body.dataset.ready = "1";
          if (data.header.replayed) { setTimeout(keepInBackground, 0); } else { window.inspectorStatesReadyMs = performance.now(); }
        })();
        """#
}
