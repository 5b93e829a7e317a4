"""The session page shows durations as people read them (300 ms), wherever they sit: in enum
payloads, optionals, arrays, sets, dictionaries, nested and recursive values, registered and
restored models, the initial state, snapshots and recorded models; and the models the store's
own actions carry name their types as people write them. The values stay as recorded: the
states the page rebuilds are the log's, number for number.

Scripts/browser-tests makes the pages: `python3 Tests/Browser/test_durations.py --write-log
LOG` writes the log of durations this file's tests read, and `substate-log inspect` makes its
page, and that of a recorded Todos session, whose settings carry a debounce of 300 ms.
"""
import json
import os
import sys
import unittest

SECOND = 10 ** 18  # attoseconds


def duration(seconds):
    """A duration as Swift's Codable writes it: the high and low halves of its attoseconds."""
    attoseconds = round(seconds * SECOND)
    return [attoseconds >> 64, attoseconds & (2 ** 64 - 1)]


CONFIGURE_SHAPE = (
    "Configure(cadence: Cadence(every(Duration) | window((from: Duration, to: Duration)) | manual), "
    "timeout: Optional<Duration>, steps: Array<Duration>, limits: Dictionary<String, Duration>, "
    "names: Dictionary<Duration, String>, seen: Set<Duration>, plan: Plan(wait(Duration) | then(Array<Plan>)), "
    "range: Array<Int>)"
)
ROOT_SHAPE = "Clock(tick: Duration, alarms: Array<Alarm(after: Duration, repeats: Optional<Duration>)>)"
ALARM = "5Clock5AlarmV"
SETTINGS = "18SubstateMiddleware10ModelSaverC8SettingsV"
SNAPSHOT = {"alarms": [{"after": duration(60), "repeats": duration(0.3)}], "tick": duration(2)}


def write_log(path):
    def action(seq, kind, name, payload, shape=None, origin="app"):
        line = {"seq": seq, "t": seq / 10, "type": kind, "name": name, "origin": origin, "payload": payload}
        if shape:
            line["shape"] = shape
        return line

    lines = [
        {"format": "substate-log", "version": 2, "root": "Clock", "rootName": "5Clock5ClockV", "rootShape": ROOT_SHAPE,
         "initialState": {"alarms": [{"after": duration(5)}], "tick": duration(1)}},
        action(1, "Configure", "5Clock9ConfigureV", {
            "cadence": {"window": {"from": duration(1), "to": duration(90)}},
            "timeout": duration(0.3),
            "steps": [duration(1), duration(1.5)],
            "limits": {"read": duration(30)},
            "names": [duration(12e-9), "tick"],
            "seen": [duration(4)],
            "plan": {"then": {"_0": [{"wait": {"_0": duration(3)}}]}},
            "range": [0, 300000000000000000],
        }, shape=CONFIGURE_SHAPE),
        action(2, "Store.Register", "8Substate5StoreC8RegisterV",
               {"model": {"after": duration(540), "repeats": None}, "modelName": ALARM},
               shape="Store.Register(model: Model)", origin="middleware"),
        action(3, "Store.Register", "8Substate5StoreC8RegisterV", {
            "model": {"loading": "automatic", "strategy": {"debounced": {"_0": duration(0.3)}}},
            "modelName": SETTINGS}, origin="middleware"),
        {"seq": 3, "snapshot": SNAPSHOT},
        {"seq": 3, "model": "Alarm", "modelName": ALARM, "state": {"after": duration(60)}},
        action(4, "Store.Restore", "8Substate5StoreC7RestoreV",
               {"models": [{"model": {"after": duration(0.25)}, "modelName": ALARM}]},
               shape="Store.Restore(models: Array<Model>, locations: Optional<Array<ModelLocation>>)",
               origin="middleware"),
    ]
    with open(path, "w", encoding="utf-8") as file:
        file.write("".join(json.dumps(line, separators=(",", ":")) + "\n" for line in lines))


if __name__ == "__main__" and sys.argv[1:2] == ["--write-log"]:
    write_log(sys.argv[2])
    sys.exit(0)

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from chromium import headless_chromium  # noqa: E402

PAGES = os.environ.get("SUBSTATE_PAGES", "")


class DurationTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.driver = headless_chromium()

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()

    def open(self, name):
        self.driver.get("file://" + os.path.join(PAGES, name))
        WebDriverWait(self.driver, 20).until(lambda d: d.execute_script("return document.body.dataset.ready") == "1")

    def select(self, sequence):
        self.driver.execute_script("window.inspector.selectSequence(arguments[0])", sequence)

    def leaves(self, element_id):
        """The text of every value shown in a tree, in order (every branch of these is filled in)."""
        return [leaf.get_attribute("textContent")
                for leaf in self.driver.find_elements(By.CSS_SELECTOR, "#%s .leaf" % element_id)]

    def test_a_payload_shows_its_durations_wherever_they_sit(self):
        self.open("durations.html")
        self.select(1)
        self.assertEqual(self.leaves("payload"), [
            "from: 1 s", "to: 90 s",
            "timeout: 300 ms",
            "[0]: 1 s", "[1]: 1.5 s",
            "read: 30 s",
            "[0]: 12 ns", '[1]: "tick"',
            "[0]: 4 s",
            "_0: 3 s",
            # A pair of integers the shape does not call a duration stays as recorded.
            "[0]: 0", "[1]: 300000000000000000",
        ])
        timeout = self.driver.find_element(By.CSS_SELECTOR, "#payload .readable")
        self.assertEqual(timeout.get_attribute("title"), "[0,1000000000000000000]", "its recorded form, on hover")

    def test_registered_and_restored_models_read_with_their_types(self):
        self.open("durations.html")
        self.select(2)
        self.assertEqual(self.leaves("payload"), ["after: 9 min", "repeats: null", "modelName: Alarm"])
        self.select(3)
        self.assertEqual(self.leaves("payload"),
                         ['loading: "automatic"', "_0: 300 ms", "modelName: ModelSaver.Settings"])
        self.select(4)
        self.assertEqual(self.leaves("payload"), ["after: 250 ms", "modelName: Alarm"])

    def test_states_show_their_durations_and_stay_as_recorded(self):
        self.open("durations.html")
        self.assertEqual(self.leaves("initial-state"), ["after: 5 s", "tick: 1 s"])
        self.select(3)
        self.assertEqual(self.leaves("state"), ["after: 1 min", "repeats: 300 ms", "tick: 2 s"])
        self.assertEqual(self.driver.execute_script("return window.inspector.shownState()"), SNAPSHOT,
                         "the state is the log's, number for number")
        self.assertEqual(self.leaves("recorded"), ["after: 1 min", "repeats: 300 ms", "tick: 2 s", "after: 1 min"])

    def test_search_finds_a_duration_as_it_reads(self):
        self.open("durations.html")
        self.driver.find_element(By.ID, "search").send_keys("300 ms")
        self.assertEqual(self.driver.find_element(By.ID, "count").text, "2 of 4 actions")

    def test_a_todos_session_shows_its_saver_settings_readably(self):
        with open(os.path.join(PAGES, "todos.jsonl"), encoding="utf-8") as file:
            lines = [json.loads(text) for text in file.read().splitlines()[1:] if text.strip()]
        restore = next(line["seq"] for line in lines if line.get("type") == "Store.Restore")
        for name in ["todos-log.html", "todos.html"]:
            self.open(name)
            self.select(2)
            payload = self.driver.find_element(By.ID, "payload").text
            self.assertIn("_0: 300 ms", payload, name)
            self.assertIn("modelName: ModelSaver.Settings", payload, name)
            self.assertNotIn("300000000000000000", payload, name)
            # The undo puts the list back with Store.Restore, which names its model's type.
            self.select(restore)
            self.assertIn("modelName: TodoList", self.driver.find_element(By.ID, "payload").text, name)


if __name__ == "__main__":
    unittest.main()
