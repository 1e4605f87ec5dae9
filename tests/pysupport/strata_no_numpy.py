"""pytest plugin (-p strata_no_numpy): makes `import numpy` fail for the whole
run, as in a Maya whose Python has no numpy, so the package's array.array path
is what the tests exercise."""
import sys

sys.modules["numpy"] = None  # `import numpy` now raises ImportError
