"""Pages end to end in a real headless Chromium (Playwright, /usr/bin/chromium).

Run them as a group with `scripts/test tests/browser`.
"""
