"""Real-browser tests (JupyterLab and Voila in headless Chromium)."""
