"""Shared by the strata package tests: run by ctest (tests/python/CMakeLists.txt)
with Debian's python3 and pytest, once with numpy and once with numpy blocked."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "pysupport"))
