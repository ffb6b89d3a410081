#pragma once
// The language of the first HTML (issue 44, "Choosing the language"): the
// `kibitz_lang` cookie the client sets when a person picks a language (and
// when an account's setting is read at log-in), else the first entry of
// Accept-Language, by weight, that has a catalogue (a region falls back to
// its language: pt-BR -> pt), else English. The page's script makes the same
// choice with the account's setting first; the server only needs it for
// `<html lang>` before any script runs (screen readers, hyphenation, the
// browser's own translation offer).
#include <string>
#include <string_view>
#include <vector>

namespace kibitz::server {

// `shipped`: the catalogue codes (lower case, e.g. "en", "fr"), English first.
std::string page_language(std::string_view cookie_header, std::string_view accept_language,
                          const std::vector<std::string>& shipped);

// The catalogues in `<web_root>/i18n/` (`<code>.json`, code two or three
// lower-case letters), English first; {"en"} when there are none.
std::vector<std::string> shipped_languages(const std::string& web_root);

// `html` with its `<html lang="…">` set to `lang` (unchanged if it has none).
std::string with_page_language(std::string html, std::string_view lang);

}  // namespace kibitz::server
