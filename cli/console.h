#pragma once
// What the command needs of its console, with a Windows side: the arguments
// as UTF-8 (Strata's file names inside, design.md), UTF-8 output, and
// whether stderr is a terminal that shows the progress line.
#include <string>
#include <vector>

namespace strata::cli {

// The command line's arguments, argv[0] first, in UTF-8: on Windows read
// from the wide command line (argv holds the ANSI code page's bytes), the
// console set to show UTF-8, and stdout and stderr to write "\n" as it is
// (what `info --json > file` writes is then the same on both systems);
// elsewhere argv as it is.
std::vector<std::string> utf8Arguments(int argc, char** argv);

// Whether stderr is a terminal that takes the progress line's "\r" and
// "ESC[K" (a Windows console is switched to process them).
bool stderrIsTerminal();

} // namespace strata::cli
