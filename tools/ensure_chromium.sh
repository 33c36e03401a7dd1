#!/bin/sh
# Make sure a Chromium for the browser tests (tests/browser/) is at /usr/bin/chromium.
#
# Installs Debian's `chromium` package with apt-get when it is missing and we are root; never runs
# `playwright install` (that downloads a browser from outside the package index). Always exits 0:
# when Chromium cannot be installed the browser tests skip themselves with a message saying why.
CHROMIUM=/usr/bin/chromium

if [ -x "$CHROMIUM" ]; then
    exit 0
fi
if [ "$(id -u)" != "0" ]; then
    echo "ensure_chromium: $CHROMIUM is missing and we are not root; browser tests will be skipped" >&2
    echo "ensure_chromium: install it with: sudo apt-get install chromium" >&2
    exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "ensure_chromium: $CHROMIUM is missing and apt-get is not available; browser tests will be skipped" >&2
    exit 0
fi
echo "ensure_chromium: installing Debian's chromium (apt-get) for the browser tests ..." >&2
export DEBIAN_FRONTEND=noninteractive
if apt-get update -qq >/dev/null 2>&1 \
    && apt-get install -y -qq --no-install-recommends chromium >/dev/null 2>&1 \
    && [ -x "$CHROMIUM" ]; then
    echo "ensure_chromium: $("$CHROMIUM" --version 2>/dev/null || echo chromium) installed" >&2
else
    echo "ensure_chromium: could not install chromium with apt-get; browser tests will be skipped" >&2
fi
exit 0
