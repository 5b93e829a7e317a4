"""Headless Chromium driven by Selenium, as every browser check of the session page opens it:
Debian's chromium and chromedriver, or those named by CHROMIUM and CHROMEDRIVER."""
import os

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service


def headless_chromium(browser_log=False):
    """A new headless Chromium with a 1400x1000 window; with `browser_log`, it keeps the
    page's console messages."""
    options = Options()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1400,1000"]:
        options.add_argument(argument)
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    if browser_log:
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    return webdriver.Chrome(options=options, service=service)
