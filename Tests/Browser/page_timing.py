"""Times session pages in headless Chromium: how long until the first row of the timeline is
shown, and how long from a click on an action to its state shown.

    python3 Tests/Browser/page_timing.py [--strict] PAGE [PAGE...]

Prints one line per figure with its target; with --strict, exits 1 if a figure misses it (the
machines tests run on are shared and noisy, so CI reads the figures without failing on them).
A page that does not open, or a click that selects another action, fails either way.
Scripts/page-timing writes the benchmark's pages and runs this over them.
"""
import os
import random
import sys
import time

from selenium.webdriver.support.ui import WebDriverWait

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from chromium import headless_chromium  # noqa: E402

FIRST_ROW_MS = 2000
CLICK_MS = 200


def driver():
    return headless_chromium()


def figure(name, value, target):
    mark = "ok  " if value <= target else "MISS"
    print("%s %-62s %8.0f ms  target <= %d ms" % (mark, name, value, target))
    return value <= target


def click(browser, position):
    """Clicks the row of the action at `position` inside the page and returns the time to the
    next frame, when the state's tree is laid out and about to be painted."""
    browser.execute_script("window.inspector.scrollTo(arguments[0])", position)
    elapsed = browser.execute_async_script("""
        var done = arguments[arguments.length - 1];
        var row = document.querySelector('#timeline .row[data-position="' + arguments[0] + '"]');
        var started = performance.now();
        row.click();
        requestAnimationFrame(function () { done(performance.now() - started); });
    """, position)
    assert browser.execute_script("return window.inspector.selectedPosition()") == position
    return elapsed


def time_page(browser, path, clicks=40):
    name = os.path.basename(path)
    browser.get("file://" + os.path.abspath(path))
    WebDriverWait(browser, 120).until(lambda d: d.execute_script("return document.body.dataset.ready") == "1")
    # From the start of navigation to the frame that shows the first row, as the page records it.
    WebDriverWait(browser, 120).until(lambda d: d.execute_script("return window.inspectorFirstRowMs"))
    first_row = browser.execute_script("return window.inspectorFirstRowMs")
    met = figure("%s: first row shown after navigation" % name, first_row, FIRST_ROW_MS)
    count = browser.execute_script("return window.inspector.actionCount()")
    # The states every 256 actions are made in the background once the page is open; until
    # then a click makes those it needs, which at most is this long.
    WebDriverWait(browser, 120).until(lambda d: d.execute_script("return window.inspectorStatesReadyMs"))
    ready, states = browser.execute_script("return [window.inspectorReadyMs, window.inspectorStatesReadyMs]")
    print("     %-62s %8.0f ms" % ("%s: every state one click away after navigation" % name, states))
    print("     %-62s %8.0f ms" % ("%s: of which making the kept states" % name, states - ready))
    # Clicks on actions far apart, in an order no cache was warmed for; each is timed from the
    # click to the state's tree laid out on screen.
    generator = random.Random(38)
    positions = [count - 1, 0, count // 2] + [generator.randrange(count) for _ in range(clicks - 3)]
    times = []
    for position in positions:
        times.append(click(browser, position))
    times.sort()
    worst = times[-1]
    median = times[len(times) // 2]
    met = figure("%s: click to state shown, slowest of %d" % (name, len(times)), worst, CLICK_MS) and met
    print("     %-62s %8.0f ms" % ("%s: click to state shown, median" % name, median))
    return met


def main(arguments):
    strict = "--strict" in arguments
    paths = [argument for argument in arguments if argument != "--strict"]
    browser = driver()
    try:
        results = [time_page(browser, path) for path in paths]
    finally:
        browser.quit()
    sys.exit(1 if strict and not all(results) else 0)


if __name__ == "__main__":
    main(sys.argv[1:])
