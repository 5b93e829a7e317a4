"""The session page in a real browser: headless Chromium driven by Selenium.

Scripts/browser-tests makes the pages (a replayed Todos session, a counting shop's session
with the live state after every action, a tampered copy of the Todos session that diverges,
a hostile log and a log of 100,000 actions) and runs these tests with their paths in the
environment.
"""
import json
import os
import sys
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from chromium import headless_chromium  # noqa: E402

PAGES = os.environ["SUBSTATE_PAGES"]


def page(name):
    return "file://" + os.path.join(PAGES, name)


def log_lines(name):
    with open(os.path.join(PAGES, name), encoding="utf-8") as file:
        return [json.loads(text) for text in file.read().splitlines()[1:] if text.strip()]


class InspectorTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.driver = headless_chromium(browser_log=True)

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()

    def open(self, name):
        self.driver.get(page(name))
        WebDriverWait(self.driver, 20).until(lambda d: d.execute_script("return document.body.dataset.ready") == "1")

    def text(self, element_id):
        return self.driver.find_element(By.ID, element_id).text

    def rows(self):
        return self.driver.find_elements(By.CSS_SELECTOR, "#timeline .row")

    def row(self, sequence):
        return self.driver.find_element(By.CSS_SELECTOR, '#timeline .row[data-seq="%d"]' % sequence)

    def shown_state(self):
        return self.driver.execute_script("return window.inspector.shownState()")

    def test_the_list_shows_every_action_of_the_session(self):
        self.open("todos.html")
        actions = [line for line in log_lines("todos.jsonl") if "seq" in line and "type" in line]
        self.assertEqual(self.text("count"), "%d of %d actions" % (len(actions), len(actions)))
        self.assertIn("Replay matched the recording", self.text("verdict"))
        self.assertEqual(self.text("compatibility"), "compatibility: the log replays cleanly")
        self.assertEqual(self.rows()[0].get_attribute("data-seq"), str(actions[0]["seq"]))

    def test_filters_by_type_and_origin_and_search_narrow_the_list(self):
        self.open("todos.html")
        Select(self.driver.find_element(By.ID, "type-filter")).select_by_value("TodoList.Add")
        self.assertEqual(self.text("count").split(" of ")[0], "3")
        self.assertTrue(all("TodoList.Add" in row.text for row in self.rows()))
        Select(self.driver.find_element(By.ID, "type-filter")).select_by_value("")
        Select(self.driver.find_element(By.ID, "origin-filter")).select_by_value("effect")
        self.assertEqual(self.text("count").split(" of ")[0], "1")
        self.assertIn("MachineNode<TitleEditor>.Result", self.rows()[0].text)
        Select(self.driver.find_element(By.ID, "origin-filter")).select_by_value("")
        self.driver.find_element(By.ID, "search").send_keys("Record and replay")
        self.assertGreaterEqual(len(self.rows()), 2)
        self.assertTrue(all(row.text for row in self.rows()))

    def test_selecting_an_action_shows_its_payload_and_what_it_changed(self):
        self.open("todos.html")
        toggle = next(line for line in log_lines("todos.jsonl") if line.get("type") == "TodoList.Toggle")
        self.row(toggle["seq"]).click()
        self.assertIn("TodoList.Toggle", self.text("selected-title"))
        self.assertIn("id: %d" % toggle["payload"]["id"], self.text("payload"))
        self.assertIn("TodoApp.list.todos[0].isDone: false → true", self.text("changes"))
        self.assertIn("TodoApp.statistics.toggles: 0 → 1", self.text("changes"))

    def test_the_slider_and_the_keys_step_through_time_to_the_last_state(self):
        self.open("todos.html")
        lines = log_lines("todos.jsonl")
        actions = [line for line in lines if "type" in line]
        self.row_at(actions[0]["seq"])
        self.driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_DOWN)
        self.assertIn("action %d " % actions[1]["seq"], self.text("position"))
        last = len(actions) - 1
        self.driver.execute_script(
            "var s = document.getElementById('slider'); s.value = s.max; s.dispatchEvent(new Event('input'));")
        self.assertIn("action %d " % actions[last]["seq"], self.text("position"))
        # The state shown is the replayed one: at every recorded snapshot and recorded model,
        # it equals what the recorder wrote.
        checked = 0
        for line in lines:
            if "snapshot" in line or "model" in line:
                sequence = line["seq"]
                self.row_at(sequence)
                state = self.shown_state()
                if "snapshot" in line:
                    self.assertEqual(state, line["snapshot"])
                    self.assertIn("snapshot", self.text("recorded"), "the snapshot recorded with the action is shown")
                else:
                    self.assertEqual(state["list"]["todos"], line["state"]["todos"])
                checked += 1
        self.assertGreater(checked, 0)
        # States are shared between the states made from them, never changed: going back from
        # the last state shows every earlier one as it was.
        for line in reversed(lines):
            if "snapshot" in line:
                self.row_at(line["seq"])
                self.assertEqual(self.shown_state(), line["snapshot"])

    def test_every_state_the_page_shows_is_the_one_the_live_store_had(self):
        # The counting shop's root counts every action it reduces, the store's Start and the
        # recorder's Resume among them: a state rebuilt from one step too many or too few, or
        # from a snapshot taken at the wrong point, differs in its counts.
        self.open("counting.html")
        with open(os.path.join(PAGES, "counting-states.json"), encoding="utf-8") as file:
            live = json.load(file)
        actions = [line for line in log_lines("counting.jsonl") if "type" in line]
        self.assertEqual(len(actions), len(live) - 1)
        self.assertTrue(any(action["type"] == "ActionRecorder.Resume" for action in actions))
        for action in actions + list(reversed(actions)):
            self.row_at(action["seq"])
            self.assertEqual(self.shown_state(), live[action["seq"]], "after action %d" % action["seq"])

    def row_at(self, sequence):
        self.driver.execute_script("window.inspector.selectSequence(arguments[0])", sequence)

    def test_a_divergence_is_marked_at_its_action_with_the_paths_that_differ(self):
        self.open("diverged.html")
        verdict = self.text("verdict")
        self.assertIn("Replay diverged at action", verdict)
        self.driver.find_element(By.ID, "divergence-link").click()
        diverged = self.driver.find_element(By.CSS_SELECTOR, "#timeline .row.diverged")
        self.assertIn("selected", diverged.get_attribute("class"))
        self.assertIn("The replay diverged here", self.text("divergence-note"))

    def test_a_hostile_log_runs_no_code_and_shows_its_text_verbatim(self):
        self.open("hostile.html")
        self.assertIsNone(self.driver.execute_script("return window.__pwned"))
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, "#timeline img, #details img, script:not([id]):not([nonce])"), [])
        self.assertEqual(self.text("root"), "<script>window.__pwned = 1</script>")
        texts = [row.text for row in self.rows()]
        self.assertTrue(any("</script><script>window.__pwned = 2</script>" in text for text in texts), texts)
        self.assertTrue(any('<img src=x onerror="window.__pwned = 3">' in text for text in texts), texts)
        self.row(3).click()
        self.assertIn('<img src=x onerror=\\"window.__pwned = 3\\">', self.text("payload"))
        self.assertIn("password: <redacted>", self.text("payload"), "a redacted field shows as redacted")
        self.row(4).click()
        self.assertIn("javascript:window.__pwned = 4", self.text("payload"))
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, "a"), [])
        self.row(5).click()
        shown = self.driver.execute_script("return document.getElementById('payload').textContent")
        self.assertIn("line\u2028separator\u2029paragraph", shown, "line separators are shown, not taken as line ends")
        self.assertIn("line 8", self.text("problems"), "the line with a lone surrogate is named")
        policy = self.driver.find_element(By.CSS_SELECTOR, 'meta[http-equiv="Content-Security-Policy"]')
        self.assertIn("default-src 'none'", policy.get_attribute("content"))
        self.assertIsNone(self.driver.execute_script("return window.__pwned"))
        errors = [entry for entry in self.driver.get_log("browser") if entry["level"] == "SEVERE"]
        self.assertEqual(errors, [])

    def test_damaged_lines_stand_in_their_place_marked_with_their_reason_and_text(self):
        self.open("hostile.html")
        rows = self.rows()
        lines = [row.get_attribute("data-line") for row in rows]
        self.assertEqual(lines, ["2", "3", "4", "5", "6", "7", "8", "9", "10", "12", "13"], "every line, in log order")
        damaged = [row.get_attribute("data-line") for row in rows if "damaged" in row.get_attribute("class")]
        self.assertEqual(damaged, ["8", "9", "12", "13"])
        self.assertEqual(self.text("damaged-count"), "4 damaged lines")
        self.assertIn("7 actions", self.text("facts"))
        expected = {
            8: ("line 8, column 81: not valid JSON: a high surrogate", "Lone", '"\\ud800"'),
            9: ("line 9, column 87: not valid UTF-8 (byte 0xFF)", "Bytes", "a\ufffd\ufffdb"),
            12: ("line 12, column 80: not valid JSON", "NotJSON", "{not json <b>}"),
            13: ("line 13 (76 bytes) was cut short mid-write", "Torn", '"payload":{"te'),
        }
        for line, (reason, kind, raw) in expected.items():
            # The header names each damaged line and links to it.
            link = self.driver.find_element(By.CSS_SELECTOR, '#problems button[data-line="%d"]' % line)
            link.click()
            selected = self.driver.find_element(By.CSS_SELECTOR, "#timeline .row.selected")
            self.assertEqual(selected.get_attribute("data-line"), str(line))
            self.assertIn("Damaged line %d" % line, self.text("selected-title"))
            self.assertIn(kind, self.text("selected-title"), "the type is read from the damaged line")
            self.assertIn(reason, self.text("damage-reason"))
            shown = self.driver.execute_script("return document.getElementById('damage-text').textContent")
            self.assertIn(raw, shown, "the line's own text, as text")
        # What could be read of the payload: the repaired JSON, or its text.
        self.driver.find_element(By.CSS_SELECTOR, '#problems button[data-line="8"]').click()
        self.assertIn("n: 7", self.text("payload"))
        self.assertIn("#7", self.text("selected-title"), "the sequence number is read too")
        self.driver.find_element(By.CSS_SELECTOR, '#problems button[data-line="12"]').click()
        self.assertIn("{not json <b>}", self.text("payload"))
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, "#details b, #timeline b"), [], "shown as text")
        # The origin filter finds them.
        Select(self.driver.find_element(By.ID, "origin-filter")).select_by_value("damaged")
        self.assertEqual(self.text("count").split(" of ")[0], "4")
        self.assertIsNone(self.driver.execute_script("return window.__pwned"))

    def test_a_page_of_the_log_alone_shows_the_state_the_log_recorded(self):
        self.open("hostile.html")
        self.assertEqual(self.driver.find_element(By.ID, "initial-section").get_attribute("hidden"), None)
        initial = self.driver.execute_script("return document.getElementById('initial-state').textContent")
        self.assertIn("</script><script>window.__pwned = 2</script>", initial, "the header's state, as text")
        self.row(1).click()
        self.assertIn("the initial state", self.text("state-note"))
        self.assertEqual(self.shown_state(), {"count": 0, "note": "</script><script>window.__pwned = 2</script>"})
        self.row(9).click()
        self.assertIn("the snapshot after action 9", self.text("state-note"))
        self.assertEqual(self.shown_state()["count"], 9)
        self.driver.find_element(By.CSS_SELECTOR, '#problems button[data-line="12"]').click()
        self.assertEqual(self.shown_state()["count"], 9, "a damaged line after the snapshot shows it too")
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, "#details img"), [])
        self.assertIsNone(self.driver.execute_script("return window.__pwned"))

    def test_a_session_of_100000_actions_opens_quickly_and_scrolls(self):
        self.open("long.html")
        # How long the page takes to open is measured and printed, not asserted: the machines
        # tests run on are shared and noisy.
        ready = self.driver.execute_script("return window.inspectorReadyMs")
        print("\n100,000 actions: ready %.0f ms after navigation" % ready)
        self.assertEqual(self.text("count"), "100000 of 100000 actions")
        self.assertLess(len(self.rows()), 200, "only the rows in view are made")
        self.driver.execute_script("document.getElementById('timeline').scrollTop = 22 * 50000")
        WebDriverWait(self.driver, 5).until(lambda d: d.find_elements(By.CSS_SELECTOR, '#timeline .row[data-seq="50001"]'))
        log_size = os.path.getsize(os.path.join(PAGES, "long.jsonl"))
        page_size = os.path.getsize(os.path.join(PAGES, "long.html"))
        print("page %.1f MB for a log of %.1f MB" % (page_size / 1e6, log_size / 1e6))
        self.assertLess(page_size, 2 * log_size)

    def test_screenshot_of_the_todos_session(self):
        target = os.environ.get("SUBSTATE_SCREENSHOT")
        if not target:
            self.skipTest("no SUBSTATE_SCREENSHOT given")
        self.open("todos.html")
        self.row_at(13)
        self.driver.save_screenshot(target)


if __name__ == "__main__":
    unittest.main(verbosity=2)
