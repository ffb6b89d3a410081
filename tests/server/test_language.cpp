// The reader's language (issue 44): the first HTML's `<html lang>` from the
// cookie, then Accept-Language, among the catalogues the web root ships; an
// account's own choice, kept by the server for its next log-in.
#include <doctest/doctest.h>

#include "api_fixture.hpp"
#include "net/page_language.hpp"

namespace {

const std::vector<std::string> shipped = {"en", "es", "fr", "pt"};

// A web root with a page that says its language, and catalogues for French
// and Portuguese (and a file that is not one).
void catalogues_in(kibitz::server::server_config& cfg) {
    const fs::path web = cfg.web_root;
    fs::create_directories(web / "i18n");
    std::ofstream(web / "index.html") << "<!doctype html>\n<html lang=\"en\">\n<title>t</title>";
    for (auto f : {"en.json", "fr.json", "pt.json", "notes.json", "README.md"})
        std::ofstream(web / "i18n" / f) << "{}";
}

}  // namespace

TEST_CASE(
    "page language: the cookie, then Accept-Language by weight, a region falls back to its "
    "language") {
    using kibitz::server::page_language;
    CHECK(page_language("", "", shipped) == "en");
    CHECK(page_language("", "fr-FR,fr;q=0.9,en;q=0.8", shipped) == "fr");
    CHECK(page_language("", "pt-BR", shipped) == "pt");
    CHECK(page_language("", "de-DE,de;q=0.9,es;q=0.5,en;q=0.4", shipped) == "es");  // no German
    CHECK(page_language("", "en;q=0.3, PT;q=0.8", shipped) == "pt");  // weight, not order
    CHECK(page_language("", "fr;q=0, es", shipped) == "es");  // q=0: not this one
    CHECK(page_language("", "*, de", shipped) == "en");
    CHECK(page_language("theme=dark; kibitz_lang=pt", "fr", shipped) == "pt");
    CHECK(page_language("kibitz_lang=xx", "es-MX", shipped) == "es");  // not a catalogue: ignored
    CHECK(page_language("kibitz_lang=", "", shipped) == "en");
}

TEST_CASE("page language: the first HTML's lang follows the reader; other files are as they are") {
    api_server srv(catalogues_in);
    auto page = [&](std::map<std::string, std::string> headers) {
        return call(srv.port, http::verb::get, "/", std::nullopt, std::move(headers));
    };
    auto plain = page({});
    REQUIRE(plain.status == 200);
    CHECK(plain.body.find("<html lang=\"en\">") != std::string::npos);
    auto french = page({{"Accept-Language", "fr-CA,fr;q=0.9"}});
    CHECK(french.body.find("<html lang=\"fr\">") != std::string::npos);
    CHECK(french.header("Content-Language") == "fr");
    CHECK(french.header("Vary").find("Accept-Language") != std::string::npos);
    // Spanish has no catalogue in this web root: English.
    CHECK(page({{"Accept-Language", "es-ES"}}).body.find("<html lang=\"en\">") !=
          std::string::npos);
    // The cookie the picker sets wins over the browser's languages.
    auto picked = page({{"Accept-Language", "fr"}, {"Cookie", "kibitz_lang=pt"}});
    CHECK(picked.body.find("<html lang=\"pt\">") != std::string::npos);
    CHECK(
        call(srv.port, http::verb::get, "/index.html", std::nullopt, {{"Cookie", "kibitz_lang=pt"}})
            .body.find("<html lang=\"pt\">") != std::string::npos);
    CHECK(get(srv.port, "/js/app.js").body == "console.log(1);");
}

TEST_CASE("account language: unset until chosen, kept, only a shipped one, only by the account") {
    api_server srv(catalogues_in);
    auto reg =
        post(srv.port, "/api/register", {{"username", "ada"}, {"password", "correct horse"}});
    REQUIRE(reg.status == 200);
    const std::string token = reg.j()["token"];
    auto mine = [&] {
        return call(srv.port, http::verb::get, "/api/account/language", std::nullopt,
                    bearer(token));
    };
    CHECK(mine().j()["language"] == "");
    CHECK(post(srv.port, "/api/account/language", {{"language", "pt"}}, bearer(token)).status ==
          200);
    CHECK(mine().j()["language"] == "pt");
    // Kept for the next log-in.
    auto again = post(srv.port, "/api/login", {{"username", "ada"}, {"password", "correct horse"}});
    REQUIRE(again.status == 200);
    CHECK(call(srv.port, http::verb::get, "/api/account/language", std::nullopt,
               bearer(again.j()["token"].get<std::string>()))
              .j()["language"] == "pt");
    // A language without a catalogue, a wrong body, nobody logged in.
    auto bad = post(srv.port, "/api/account/language", {{"language", "es"}}, bearer(token));
    CHECK(bad.status == 400);
    CHECK(bad.j()["error"] == "bad_language");
    CHECK(post(srv.port, "/api/account/language", {{"language", 3}}, bearer(token)).status == 400);
    CHECK(post(srv.port, "/api/account/language", {{"language", "fr"}}).status == 401);
    CHECK(mine().j()["language"] == "pt");
    // Back to the browser's choice.
    CHECK(post(srv.port, "/api/account/language", {{"language", ""}}, bearer(token)).status == 200);
    CHECK(mine().j()["language"] == "");
}
