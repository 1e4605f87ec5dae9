"""Times two commands in turn, RUNS times each, and prints for each the fastest
and the median wall time and the median CPU time (user + system of the
process and its children, from wait4), in milliseconds:

    fastest_a fastest_b median_a median_b cpu_a cpu_b

Usage: interleaved.py RUNS OUTPUT -- COMMAND_A... -- COMMAND_B...
OUTPUT is removed and the dirty
pages written back (sync) before every run, so each run writes a new file with
no writeback of an earlier one competing (bench_convert.sh.in says why). For
commands of 20-40 ms, as a textured and an untextured convert of the 1,024-
chunk terrain are, /usr/bin/time's 10 ms resolution hid the CPU time, and one
lucky run of seven moved the ratio of the fastest by a tenth.
"""
import os
import statistics
import subprocess
import sys
import time


def one(argv, output):
    if os.path.exists(output):
        os.remove(output)
    os.sync()
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        sys.exit("%s exited with %d" % (" ".join(argv), proc.returncode))
    return wall * 1000, (usage.ru_utime + usage.ru_stime) * 1000


def main():
    runs, output, rest = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
    second = rest.index("--", 1)  # rest[0] is the first "--"
    commands = [rest[1:second], rest[second + 1:]]
    walls, cpus = ([], []), ([], [])
    for _ in range(runs):
        for k, argv in enumerate(commands):
            wall, cpu = one(argv, output)
            walls[k].append(wall)
            cpus[k].append(cpu)
    print("%.1f %.1f %.1f %.1f %.1f %.1f" % (
        min(walls[0]), min(walls[1]), statistics.median(walls[0]), statistics.median(walls[1]),
        statistics.median(cpus[0]), statistics.median(cpus[1])))


main()
