"""The tests of bones, one folder for each package; `kit.py` is the shared test kit."""
