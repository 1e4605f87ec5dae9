#pragma once
// Names and paths from files are bytes; glTF, JSON, file names written by
// `strata textures` and the C ABI need UTF-8. escapeUtf8 is the one way bytes
// become text, implemented in core/src/common/text.cpp:
//
//   every byte that is not part of a well-formed UTF-8 sequence (RFC 3629:
//   no overlong forms, no surrogates, nothing above U+10FFFF), and every '%',
//   becomes '%' and two upper-case hex digits; everything else is kept.
//
// A '%' in the result always starts an escape, so the text reads back to the
// bytes unambiguously (replace each %XX by byte XX) and two different byte
// strings never give the same text. Valid UTF-8 without '%' is unchanged.
// Apply it once, where bytes become text: the result is valid UTF-8, and
// escaping it again would escape its '%'.
#include <string>
#include <string_view>

namespace strata {

bool isUtf8(std::string_view bytes);
std::string escapeUtf8(std::string_view bytes);

// `text` with A-Z as a-z and every other byte kept: extensions and file
// names compared without case.
std::string lowerAscii(std::string_view text);

// A name (text) as one path component of a file `strata textures` writes:
// '/', '\\', ':' and NUL become '_', and "", "." and ".." get a leading '_'.
// `strata ytd replace --from DIR` matches file stems against it.
std::string fileSafeName(std::string_view name);

} // namespace strata
