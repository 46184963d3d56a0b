# ludex - build, test, install.
#
#   make            library (static + shared), the ludex tool
#   make demo       install missing Debian packages, build, check the bundled examples
#   make check      install missing Debian packages, build, run every test:
#                   unit + CLI tests, the same under ASan+UBSan, every fuzzer ~30 s
#   make js         the JavaScript package (libludex in WebAssembly) in build/js/ludex
#   make bench      benchmarks (see bench/RESULTS.md)
#   make install    PREFIX=/usr/local DESTDIR=
#   make V=1        show the whole compiler and linker commands (default: `CC file` lines)
#
# Sources are found by wildcard: a new file in src/<layer>/ joins the library,
# tests/test_*.c each become a unit-test program, fuzz/fuzz_*.c each a fuzzer.

PREFIX  ?= /usr/local
DESTDIR ?=
CC      ?= cc
BUILD   ?= build
OPT     ?= -O2
WERROR  ?= -Werror
SAN     ?=
FUZZ_SECONDS ?= 20
V       ?= 0

# Short `CC file` / `LD file` / `AR file` lines, or the whole commands with V=1.
ifeq ($(V),1)
Q :=
say :=
else
Q := @
say = printf '  %-4s %s\n' '$(1)' '$(2)';
endif

VERSION := $(shell sed -n 's/^\#define LX_VERSION_STRING "\(.*\)"/\1/p' include/ludex/version.h)
SOVERSION := 0

WARN    := -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wvla $(WERROR)
CFLAGS  ?= $(OPT) -g
PQ_CFLAGS := -I/usr/include/postgresql
ALL_CFLAGS := -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE $(WARN) $(SAN) -Iinclude -Isrc $(PQ_CFLAGS) $(CFLAGS)
LDLIBS_CLI := -ljansson
LDLIBS_TEST := -lcmocka -ljansson

LAYERS  := base sgf game twixt hex bgammon xword engine modules
LIB_SRC := $(foreach l,$(LAYERS),$(wildcard src/$(l)/*.c))
CLI_SRC := $(wildcard src/cli/*.c)
TEST_SRC := $(wildcard tests/test_*.c)
FUZZ_SRC := $(wildcard fuzz/fuzz_*.c)

LIB_OBJ := $(LIB_SRC:%.c=$(BUILD)/obj/%.o)
PIC_OBJ := $(LIB_SRC:%.c=$(BUILD)/pic/%.o)
CLI_OBJ := $(CLI_SRC:%.c=$(BUILD)/obj/%.o)
TESTS   := $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)

STATIC  := $(BUILD)/libludex.a
SHARED  := $(BUILD)/libludex.so.$(VERSION)
TOOL    := $(BUILD)/ludex

.PHONY: all lib tests demo check check-unit check-cli check-install check-asan check-fuzz fuzz-build \
        bench deps deps-dev deps-bench check-libs install uninstall clean format

# The default crossword lexicon, built from Debian's wamerican word list.
XWORD_LEXICON := $(BUILD)/data/xword/lexica/wamerican.kwg
WORDLIST      := /usr/share/dict/american-english

all: $(STATIC) $(SHARED) $(TOOL) $(BUILD)/ludex.pc $(BUILD)/ludexd $(BUILD)/ludex-admin $(BUILD)/ludex-mail $(XWORD_LEXICON)

lib: $(STATIC) $(SHARED)

# The static library of position-independent objects, for linking into a shared object
# that must not depend on an installed libludex (the Python extension, python/setup.py).
PIC_STATIC := $(BUILD)/libludex-pic.a
$(PIC_STATIC): $(PIC_OBJ)
	$(Q)$(call say,AR,$@)rm -f $@ && ar rcs $@ $^

$(BUILD)/obj/%.o: %.c | check-libs
	@mkdir -p $(dir $@)
	$(Q)$(call say,CC,$@)$(CC) $(ALL_CFLAGS) -MMD -MP -c $< -o $@

$(BUILD)/pic/%.o: %.c | check-libs
	@mkdir -p $(dir $@)
	$(Q)$(call say,CC,$@)$(CC) $(ALL_CFLAGS) -fPIC -fvisibility=default -MMD -MP -c $< -o $@

$(STATIC): $(LIB_OBJ)
	@mkdir -p $(dir $@)
	$(Q)$(call say,AR,$@)rm -f $@ && ar rcs $@ $^

$(SHARED): $(PIC_OBJ)
	$(Q)$(call say,LD,$@)$(CC) $(SAN) -shared -Wl,-soname,libludex.so.$(SOVERSION) -o $@ $^
	$(Q)ln -sf libludex.so.$(VERSION) $(BUILD)/libludex.so.$(SOVERSION)
	$(Q)ln -sf libludex.so.$(VERSION) $(BUILD)/libludex.so

$(TOOL): $(CLI_OBJ) $(STATIC)
	$(Q)$(call say,LD,$@)$(CC) $(SAN) -o $@ $(CLI_OBJ) $(STATIC) $(LDLIBS_CLI)

$(BUILD)/tests/%: tests/%.c tests/testutil.h $(STATIC)
	@mkdir -p $(dir $@)
	$(Q)$(call say,CC,$@)$(CC) $(ALL_CFLAGS) -Itests -o $@ $< $(STATIC) $(LDLIBS_TEST)

tests: $(TESTS) $(TOOL)

$(XWORD_LEXICON): $(TOOL) tools/build-lexicon
	@if [ -r $(WORDLIST) ]; then tools/build-lexicon $(TOOL) $(WORDLIST) $@; \
	 else echo "note: $(WORDLIST) missing (Debian package wamerican): the default lexicon is built on first use"; fi

$(BUILD)/ludex.pc: ludex.pc.in include/ludex/version.h
	@mkdir -p $(dir $@)
	$(Q)$(call say,GEN,$@)sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' $< > $@

-include $(LIB_OBJ:.o=.d) $(PIC_OBJ:.o=.d) $(CLI_OBJ:.o=.d)

# ---- Debian packages -------------------------------------------------------------
# Installed only when missing (needs root, as on a fresh Debian machine), by tools/apt-need:
# `apt-get install --no-install-recommends`, so each list names everything its target uses
# (libc6-dev, for one, is only a Recommends of gcc). Every package here is in the README's table.
# After installing postfix or postgresql, tools/apt-need stops and disables the system services
# Debian starts for them (tools/stop-services): the tests run private instances of their own.
DEPS_BUILD := gcc libc6-dev make libjansson-dev pkg-config libevent-dev libssl-dev libsqlite3-dev libsodium-dev libpq-dev wamerican
# The Python binding (python/): Debian's /usr/bin/python3 builds, installs and tests it.
DEPS_PYTHON := python3-dev python3-setuptools python3-wheel python3-pip python3-venv python3-numpy python3-pytest
# The benchmarks (bench/run): /usr/bin/time for peak memory; node and npm for @sabaki/sgf (which
# `npm ci` installs in bench/node_modules from bench/package-lock.json) and the JavaScript package's rows.
DEPS_BENCH := time nodejs npm
DEPS_TEST  := clang libclang-rt-14-dev libcmocka-dev python3 gnubg openssl chromium chromium-driver python3-selenium \
  postfix postgresql emscripten node-typescript nginx prometheus haproxy $(DEPS_PYTHON) $(DEPS_BENCH)
# The libraries the build compiles against: checked before compiling (one dpkg-query,
# pkg-config for a library installed some other way), so that a missing one is named
# with its Debian package instead of a compiler error.
DEPS_LIBS  := libjansson-dev:jansson libevent-dev:libevent libssl-dev:openssl \
  libsqlite3-dev:sqlite3 libsodium-dev:libsodium libpq-dev:libpq
check-libs:
	@tools/check-libs $(DEPS_LIBS)
deps:
	@tools/apt-need $(DEPS_BUILD)
deps-dev:
	@tools/apt-need $(DEPS_BUILD) $(DEPS_TEST)
deps-bench:
	@tools/apt-need $(DEPS_BUILD) $(DEPS_BENCH)

# ---- ludexd (server/, store/) ----------------------------------------------------------
# Not library layers: linked with libludex.a, libevent, SQLite, libpq and libsodium.
# check-server runs tests/server/run (end to end over loopback) and the
# server/store unit tests; check-server-asan runs them on an ASan+UBSan build.
SERVER_SRC := $(wildcard src/server/*.c) $(wildcard src/store/*.c) $(wildcard src/service/*.c) \
  $(wildcard src/line/*.c) $(wildcard src/http/*.c) $(wildcard src/mail/*.c) $(wildcard src/bot/*.c)
SERVER_OBJ := $(filter-out $(BUILD)/obj/src/server/admin.o $(BUILD)/obj/src/server/ludex_mail.o,$(SERVER_SRC:%.c=$(BUILD)/obj/%.o))
SERVER_CORE_OBJ := $(filter-out $(BUILD)/obj/src/server/main.o,$(SERVER_OBJ))
LDLIBS_SERVER := -levent -levent_openssl -lssl -lcrypto -ljansson -lsqlite3 -lpq -lsodium -lpthread -lm
SERVER_TEST_SRC := $(wildcard tests/server/test_*.c)
SERVER_TESTS := $(SERVER_TEST_SRC:tests/server/%.c=$(BUILD)/tests/server/%)

$(BUILD)/ludexd: $(SERVER_OBJ) $(STATIC)
	$(Q)$(call say,LD,$@)$(CC) $(SAN) -o $@ $(SERVER_OBJ) $(STATIC) $(LDLIBS_SERVER)

# ludex-admin (src/server/admin.c): the operator's tool over the service and the store.
ADMIN_OBJ := $(BUILD)/obj/src/server/admin.o
$(BUILD)/ludex-admin: $(ADMIN_OBJ) $(SERVER_CORE_OBJ) $(STATIC)
	$(Q)$(call say,LD,$@)$(CC) $(SAN) -o $@ $(ADMIN_OBJ) $(SERVER_CORE_OBJ) $(STATIC) $(LDLIBS_SERVER)
-include $(ADMIN_OBJ:.o=.d)

# ludex-mail (src/server/ludex_mail.c): the MTA's delivery agent; hands one message to ludexd.
$(BUILD)/ludex-mail: $(BUILD)/obj/src/server/ludex_mail.o
	$(Q)$(call say,LD,$@)$(CC) $(SAN) -o $@ $^
-include $(BUILD)/obj/src/server/ludex_mail.d

$(BUILD)/tests/server/%: tests/server/%.c $(SERVER_CORE_OBJ) $(STATIC)
	@mkdir -p $(dir $@)
	$(Q)$(call say,CC,$@)$(CC) $(ALL_CFLAGS) -Itests -o $@ $< $(SERVER_CORE_OBJ) $(STATIC) $(LDLIBS_SERVER) $(LDLIBS_TEST)

$(BUILD)/server_load: bench/server_load.c | check-libs
	@mkdir -p $(dir $@)
	$(Q)$(call say,CC,$@)$(CC) $(ALL_CFLAGS) -o $@ $< -lpthread

# Engine matches and search speed (bench/run's `engine` section).
$(BUILD)/engine_match: bench/engine_match.c $(STATIC)
	$(Q)$(call say,CC,$@)$(CC) $(ALL_CFLAGS) -o $@ $< $(STATIC) -lpthread -lm

# Hex pattern weights from game records (writes src/hex/pattern_table.c; bench/RESULTS.md says how).
$(BUILD)/hex_patterns: bench/hex_patterns.c $(STATIC)
	$(Q)$(call say,CC,$@)$(CC) $(ALL_CFLAGS) -o $@ $< $(STATIC) -lm

# The backgammon engine on random positions (bench/run's `gnubg` section).
$(BUILD)/gnubg_bench: bench/gnubg_bench.c $(STATIC)
	$(Q)$(call say,CC,$@)$(CC) $(ALL_CFLAGS) -o $@ $< $(STATIC) -lm

# Crossword move generation and self-play (bench/run's `xword-moves` section).
$(BUILD)/xword_moves: bench/xword_moves.c $(STATIC)
	$(Q)$(call say,CC,$@)$(CC) $(ALL_CFLAGS) -o $@ $< $(STATIC) -lpthread -lm

# The simulating crossword player against the static one (bench/run's `xword-sim` section).
$(BUILD)/xword_sim: bench/xword_sim.c $(STATIC)
	$(Q)$(call say,CC,$@)$(CC) $(ALL_CFLAGS) -o $@ $< $(STATIC) -lpthread -lm

# Tournament pairings: a 1,000-player Swiss round, a 100-player double round robin (bench/run's `pairing` section).
PAIRING_SRC := src/service/pairing_roundrobin.c src/service/pairing_swiss.c src/service/pairing_knockout.c src/service/standings.c
$(BUILD)/pairing_bench: bench/pairing_bench.c $(PAIRING_SRC) src/service/pairing.h | check-libs
	@mkdir -p $(dir $@)
	$(Q)$(call say,CC,$@)$(CC) $(ALL_CFLAGS) -o $@ bench/pairing_bench.c $(PAIRING_SRC)

$(BUILD)/http_load: bench/http_load.c | check-libs
	@mkdir -p $(dir $@)
	$(Q)$(call say,CC,$@)$(CC) $(ALL_CFLAGS) -o $@ $<

-include $(SERVER_OBJ:.o=.d)

.PHONY: check-server check-server-asan
check-server: $(BUILD)/ludexd $(BUILD)/ludex-admin $(BUILD)/ludex-mail $(TOOL) $(SERVER_TESTS)
	@tools/run-tests $(BUILD) $(SERVER_TESTS)
	@tests/server/run $(BUILD)/ludexd $(TOOL)
	@tests/server/http_api $(BUILD)/ludexd $(TOOL)
	@# again with caches that keep only what is pinned: every evicted game, user and rating answers as before
	@LUDEX_TEST_LUDEXD_ARGS="--cache-mb 0" tests/server/run $(BUILD)/ludexd $(TOOL)
	@LUDEX_TEST_LUDEXD_ARGS="--cache-mb 0" tests/server/http_api $(BUILD)/ludexd $(TOOL)
	@tests/server/user_cache $(BUILD)/ludexd $(TOOL)
	@tests/server/abuse $(BUILD)/ludexd
	@tests/server/abuse_http $(BUILD)/ludexd
	@tests/server/admin $(BUILD)/ludexd $(BUILD)/ludex-admin
	@tests/server/bots $(BUILD)/ludexd $(TOOL)
	@tests/server/conditional $(BUILD)/ludexd $(TOOL)
	@tests/server/tournaments $(BUILD)/ludexd $(TOOL)
	@tests/mail/run $(BUILD)/ludexd $(BUILD)/ludex-mail $(TOOL)

# Production operation (issue 33): metrics (promtool), health, drain, a real Prometheus scraping
# two instances, and rolling restarts of two instances on PostgreSQL behind a real nginx.
.PHONY: check-ops
check-ops: $(BUILD)/ludexd $(TOOL)
	@tests/ops/run $(BUILD)/ludexd $(TOOL)

# The same suites against PostgreSQL (LUDEX_TEST_DB=postgresql): each starts a throw-away
# cluster of its own (tests/server/pgcluster.py: initdb and pg_ctl from Debian's postgresql,
# a temporary directory, a free loopback port, as `nobody` under root) and removes it after.
# (admin: migrates its SQLite store to PostgreSQL and back, then runs the rest there;
# multi: two ludexd on one database racing, watching, one killed under load; pg_once: two
# ludexd on one database and a private Postfix: losses on time and mails once, a killed
# sender's claim taken over, failed logins, password changes and sessions across them;
# with_pg: test_store_tournaments, a tournament's rows and a round paired once, on PostgreSQL.)
# check-asan runs the main suite (run) on PostgreSQL too; the others only here, for time.
.PHONY: check-server-pg check-server-pg-run
check-server-pg: check-server-pg-run $(BUILD)/tests/server/test_store_tournaments
	@LUDEX_TEST_DB=postgresql tests/server/http_api $(BUILD)/ludexd $(TOOL)
	@LUDEX_TEST_DB=postgresql tests/server/abuse $(BUILD)/ludexd
	@LUDEX_TEST_DB=postgresql tests/server/abuse_http $(BUILD)/ludexd
	@LUDEX_TEST_DB=postgresql tests/server/admin $(BUILD)/ludexd $(BUILD)/ludex-admin
	@LUDEX_TEST_DB=postgresql tests/server/multi $(BUILD)/ludexd $(TOOL)
	@LUDEX_TEST_DB=postgresql tests/server/conditional $(BUILD)/ludexd $(TOOL)
	@LUDEX_TEST_DB=postgresql tests/server/user_cache $(BUILD)/ludexd $(TOOL)
	@LUDEX_TEST_DB=postgresql tests/server/tournaments $(BUILD)/ludexd $(TOOL)
	@LUDEX_TEST_DB=postgresql tests/server/pg_once $(BUILD)/ludexd $(BUILD)/ludex-admin
	@tests/server/with_pg $(BUILD)/tests/server/test_store_tournaments
check-server-pg-run: $(BUILD)/ludexd $(BUILD)/ludex-admin $(TOOL)
	@LUDEX_TEST_DB=postgresql tests/server/run $(BUILD)/ludexd $(TOOL)

# The web page in a real browser (Debian chromium, chromium-driver, python3-selenium), as
# $(BUILD)/web holds it (make web); screenshots of each game's page go to $(BUILD)/artifacts.
.PHONY: check-web
check-web: $(BUILD)/ludexd $(TOOL) web
	@tests/web/run $(BUILD)/ludexd $(TOOL) $(BUILD)/artifacts
	@tests/web/analysis $(BUILD)/ludexd $(TOOL) $(BUILD)/web
	@tests/web/tournaments $(BUILD)/ludexd $(TOOL) $(BUILD)/web

check-server-asan:
	@$(MAKE) --no-print-directory $(ASAN_VARS) check-server

FUZZ_SERVER_SRC := src/service/commands.c src/service/game_kind.c src/service/bg_play_text.c
# Whole line-protocol sessions against the real service and door (SQLite, libevent, libsodium).
FUZZ_SESSION_SRC := $(wildcard src/service/*.c) $(wildcard src/line/*.c) $(wildcard src/store/*.c)
build-fuzz/fuzz_server_session: fuzz/fuzz_server_session.c $(FUZZ_SESSION_SRC) build-fuzz/libludex-fuzz.a
	$(Q)$(call say,CC,$@)clang $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ fuzz/fuzz_server_session.c $(FUZZ_SESSION_SRC) \
	  build-fuzz/libludex-fuzz.a -levent -lsqlite3 -lpq -lsodium -lpthread -lm
build-fuzz/fuzz_http_request: fuzz/fuzz_http_request.c src/http/parse.c build-fuzz/libludex-fuzz.a
	$(Q)$(call say,CC,$@)clang $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ fuzz/fuzz_http_request.c src/http/parse.c build-fuzz/libludex-fuzz.a -ljansson
# The HTTP door's raw head scanner (request smuggling, NUL bytes): no socket, no evhttp.
build-fuzz/fuzz_http_head: fuzz/fuzz_http_head.c src/http/head_scan.c src/http/head_scan.h
	$(Q)$(call say,CC,$@)clang $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ fuzz/fuzz_http_head.c src/http/head_scan.c
# The mail gateway's parser (message, decoders, command lines): no socket, no service.
MAIL_PARSE_SRC := src/mail/message.c src/mail/decode.c src/mail/html.c src/mail/commands.c
build-fuzz/fuzz_mail: fuzz/fuzz_mail.c $(MAIL_PARSE_SRC) src/mail/message.h src/mail/mail_int.h build-fuzz/libludex-fuzz.a
	$(Q)$(call say,CC,$@)clang $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ fuzz/fuzz_mail.c $(MAIL_PARSE_SRC) build-fuzz/libludex-fuzz.a

# A tournament's words and pairing: pure service code (issue 32).
build-fuzz/fuzz_tournament: fuzz/fuzz_tournament.c $(PAIRING_SRC) src/service/tournament_plan.c build-fuzz/libludex-fuzz.a
	$(Q)$(call say,CC,$@)clang $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ fuzz/fuzz_tournament.c $(PAIRING_SRC) src/service/tournament_plan.c
build-fuzz/fuzz_server_command: fuzz/fuzz_server_command.c $(FUZZ_SERVER_SRC) build-fuzz/libludex-fuzz.a
	$(Q)$(call say,CC,$@)clang $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ fuzz/fuzz_server_command.c $(FUZZ_SERVER_SRC) build-fuzz/libludex-fuzz.a

# ---- JavaScript: libludex in WebAssembly (js/) ---------------------------------------
# make js: the npm package in $(BUILD)/js/ludex (ES module js/ludex.js, its .d.ts, the
# Emscripten build ludex-wasm.js + ludex-wasm.wasm of the library's reading, checking,
# writing and rules layers and the C glue js/src/*.c); make check-js: its tests under
# node's test runner, and ludex.d.ts checked by tsc (tests/js/types.ts).  Built with Debian's emscripten (-O2, no LTO: a minute on 2 cores);
# Debian's node modules (acorn, for emcc's JavaScript optimiser) come from /usr/share/nodejs.
EMCC     ?= emcc
EMCC_ENV := NODE_PATH=/usr/share/nodejs$${NODE_PATH:+:$$NODE_PATH}
WASM_LAYERS := base sgf game twixt hex bgammon xword modules
WASM_SRC := $(foreach l,$(WASM_LAYERS),$(wildcard src/$(l)/*.c)) $(wildcard js/src/*.c)
WASM_OBJ := $(WASM_SRC:%.c=$(BUILD)/wasm/obj/%.o)
JS_PKG   := $(BUILD)/js/ludex
JS_FILES := $(JS_PKG)/ludex.js $(JS_PKG)/ludex.d.ts $(JS_PKG)/package.json $(JS_PKG)/README.md \
  $(JS_PKG)/ludex-xword-data.js
# What js/ludex.js calls besides the glue's own (EMSCRIPTEN_KEEPALIVE) functions.
WASM_EXPORTS := _malloc _free _lx_version _lx_sgf_node_count _lx_sgf_parent _lx_sgf_first_child \
  _lx_sgf_next_sibling _lx_sgf_child_count _lx_sgf_prop_count _lx_sgf_node_prop _lx_sgf_find_prop _lx_sgf_prop_id \
  _lx_sgf_value_count _lx_sgf_tree_gm
wasm_comma := ,
wasm_space := $(subst ,, )
WASM_LDFLAGS := -O2 -sMODULARIZE=1 -sEXPORT_ES6=1 -sEXPORT_NAME=createLudexWasm -sENVIRONMENT=web,worker \
  -sALLOW_MEMORY_GROWTH=1 -sMAXIMUM_MEMORY=4GB -sFILESYSTEM=0 -sEXPORTED_FUNCTIONS=$(subst $(wasm_space),$(wasm_comma),$(strip $(WASM_EXPORTS)))

.PHONY: js check-js
js: $(JS_PKG)/ludex-wasm.js $(JS_FILES)

$(BUILD)/wasm/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(Q)$(call say,EMCC,$@)$(EMCC_ENV) $(EMCC) -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE $(WARN) \
	  -Iinclude -Isrc -O2 -MMD -MP -c $< -o $@

$(JS_PKG)/ludex-wasm.js: $(WASM_OBJ)
	@mkdir -p $(dir $@)
	$(Q)$(call say,LD,$@)$(EMCC_ENV) $(EMCC) $(WASM_LDFLAGS) -o $@ $(WASM_OBJ)

$(JS_PKG)/%: js/%
	@mkdir -p $(dir $@)
	$(Q)cp $< $@
# The crossword distributions and boards as an ES module (the WebAssembly build has no files).
$(JS_PKG)/ludex-xword-data.js: js/xword-data.mjs $(wildcard data/xword/distributions/*.txt data/xword/boards/*.txt)
	@mkdir -p $(dir $@)
	$(Q)node js/xword-data.mjs data/xword > $@

# The web page as ludexd serves it with the replay (web/replay.js): web/ and the package's
# three files, in $(BUILD)/web (tests/web/run serves it; make install installs them too).
WEB_STAGE := $(BUILD)/web
WEB_STAGED := $(patsubst web/%,$(WEB_STAGE)/%,$(wildcard web/*)) \
  $(WEB_STAGE)/ludex.js $(WEB_STAGE)/ludex-wasm.js $(WEB_STAGE)/ludex-wasm.wasm \
  $(WEB_STAGE)/ludex-engine.js $(WEB_STAGE)/ludex-engine.wasm
.PHONY: web
web: $(WEB_STAGED)
$(WEB_STAGE)/ludex.js $(WEB_STAGE)/ludex-wasm.js $(WEB_STAGE)/ludex-wasm.wasm: $(WEB_STAGE)/%: $(JS_PKG)/%
	@mkdir -p $(dir $@)
	$(Q)cp $< $@
$(JS_PKG)/ludex-wasm.wasm: $(JS_PKG)/ludex-wasm.js ; @: # made with it (the recipe has make look again)
$(WEB_STAGE)/%: web/%
	@mkdir -p $(dir $@)
	$(Q)cp $< $@

# The Hex and Twixt search in the browser (issue 36): make web-engine builds ludex-engine.js +
# ludex-engine.wasm (the engine layer without HTP, and its glue js/engine/engine.c, one thread)
# into $(BUILD)/web, where web/analysis-worker.js runs it in a Web Worker for the analysis board.
# The search's own objects (engine, hex, twixt and the glue) are -O3 -msimd128 (WebAssembly SIMD:
# its 4-lane vector arithmetic stays vectors; 1.2-1.6x the Hex playouts of -O2 scalar objects,
# bench/RESULTS.md), the rest ludex-wasm's -O2 ones: browsers from Chrome 91, Firefox 89, Safari 16.4.
ENGINE_WASM_SRC := $(foreach l,$(WASM_LAYERS),$(wildcard src/$(l)/*.c)) \
  $(filter-out src/engine/htp%.c,$(wildcard src/engine/*.c)) $(wildcard js/engine/*.c)
ENGINE_WASM_FAST := $(filter src/engine/% src/hex/% src/twixt/% js/engine/%,$(ENGINE_WASM_SRC))
ENGINE_WASM_OBJ := $(ENGINE_WASM_FAST:%.c=$(BUILD)/wasm-engine/obj/%.o) \
  $(patsubst %.c,$(BUILD)/wasm/obj/%.o,$(filter-out $(ENGINE_WASM_FAST),$(ENGINE_WASM_SRC)))
ENGINE_WASM_CFLAGS ?= -O3 -msimd128
ENGINE_WASM_LDFLAGS := $(ENGINE_WASM_CFLAGS) -sMODULARIZE=1 -sEXPORT_ES6=1 -sEXPORT_NAME=createLudexEngine -sENVIRONMENT=web,worker \
  -sALLOW_MEMORY_GROWTH=1 -sMAXIMUM_MEMORY=2GB -sEXPORTED_FUNCTIONS=_malloc,_free \
  -sEXPORTED_RUNTIME_METHODS=ccall,cwrap,UTF8ToString
.PHONY: web-engine
web-engine: $(WEB_STAGE)/ludex-engine.js $(WEB_STAGE)/ludex-engine.wasm
$(BUILD)/wasm-engine/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(Q)$(call say,EMCC,$@)$(EMCC_ENV) $(EMCC) -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE $(WARN) \
	  -Iinclude -Isrc $(ENGINE_WASM_CFLAGS) -MMD -MP -c $< -o $@
$(BUILD)/web-engine/ludex-engine.js: $(ENGINE_WASM_OBJ)
	@mkdir -p $(dir $@)
	$(Q)$(call say,LD,$@)$(EMCC_ENV) $(EMCC) $(ENGINE_WASM_LDFLAGS) -o $@ $(ENGINE_WASM_OBJ)
$(BUILD)/web-engine/ludex-engine.wasm: $(BUILD)/web-engine/ludex-engine.js ; @: # made with it (the recipe has make look again)
$(WEB_STAGE)/ludex-engine.js $(WEB_STAGE)/ludex-engine.wasm: $(WEB_STAGE)/%: $(BUILD)/web-engine/%
	@mkdir -p $(dir $@)
	$(Q)cp $< $@

check-js: js $(TOOL) $(XWORD_LEXICON)
	@LUDEX=$(TOOL) LUDEX_JS_PKG=$(JS_PKG) LUDEX_XWORD_KWG=$(XWORD_LEXICON) node --test --test-reporter=spec tests/js/*.test.mjs
	@tsc --noEmit --strict --target es2022 --module es2022 --moduleResolution node tests/js/types.ts && \
	  echo "check-js: ludex.d.ts type-checks (tests/js/types.ts)"

-include $(WASM_OBJ:.o=.d)
-include $(ENGINE_WASM_OBJ:.o=.d)

# ---- demo ----------------------------------------------------------------------------
demo: deps
	@$(MAKE) --no-print-directory all
	@tools/demo $(TOOL)
	@tools/demo-server $(BUILD)/ludexd

# ---- tests ---------------------------------------------------------------------------
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
ASAN_VARS := BUILD=build-asan CC=clang OPT=-O1 \
  SAN="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"

# Builds run in parallel; test suites one after another, so output stays readable.
check: deps-dev
	@$(MAKE) --no-print-directory -j$(JOBS) all tests js
	@$(MAKE) --no-print-directory check-layers check-unit check-cli check-js check-install check-server check-server-pg check-ops check-web check-python check-bench
	@$(MAKE) --no-print-directory -j$(JOBS) $(ASAN_VARS) tests
	@$(MAKE) --no-print-directory check-asan
	@$(MAKE) --no-print-directory -j$(JOBS) fuzz-build
	@$(MAKE) --no-print-directory check-fuzz
	@echo "make check: all suites passed"

# The service's five layers (tools/check-layers: its table of files): no include and no call
# pointing up from a lower layer to a higher one.
.PHONY: check-layers
check-layers:
	@tools/check-layers

check-unit: tests
	@tools/run-tests $(BUILD) $(TESTS)

check-cli: $(TOOL)
	@tests/cli/run $(TOOL)
	@tests/cli/xword $(TOOL)
	@tests/cli/readme $(TOOL)

check-install: all
	@BUILD=$(BUILD) tests/install/run

# The Python binding: built as pip builds it (a wheel, no build isolation, offline) into
# $(BUILD)/python/site, then tests/python/ run by pytest against that installed copy (and
# tests/python/test_packaging.py installs the wheel into a fresh venv, offline).
# make python-sdist: a self-contained source distribution (libludex's sources inside).
PYTHON ?= /usr/bin/python3
export PIP_ROOT_USER_ACTION := ignore
export PIP_DISABLE_PIP_VERSION_CHECK := 1
.PHONY: check-python python python-sdist
python: $(PIC_STATIC)
	@tools/apt-need $(DEPS_PYTHON)
	@rm -rf $(BUILD)/python/site $(BUILD)/python/dist
	$(Q)$(call say,PIP,$(BUILD)/python/site)LUDEX_BUILD=$(abspath $(BUILD)) $(PYTHON) -m pip wheel -q \
	  --no-build-isolation --no-deps --no-index -w $(BUILD)/python/dist ./python
	$(Q)$(PYTHON) -m pip install -q --no-deps --no-index --target $(BUILD)/python/site $(BUILD)/python/dist/*.whl
python-sdist:
	$(Q)cd python && LUDEX_BUILD=$(abspath $(BUILD)) $(PYTHON) setup.py -q sdist -d $(abspath $(BUILD))/python/sdist
check-python: python $(TOOL)
	@PYTHONPATH=$(abspath $(BUILD))/python/site LUDEX_TOOL=$(abspath $(TOOL)) LUDEX_WHEEL_DIR=$(abspath $(BUILD))/python/dist \
	  $(PYTHON) -m pytest -q -p no:cacheprovider tests/python

check-asan:
	@$(MAKE) --no-print-directory $(ASAN_VARS) check-unit check-cli check-server check-server-pg-run

FUZZ_BINS := $(FUZZ_SRC:fuzz/%.c=build-fuzz/%)
FUZZ_CFLAGS := -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -g -O1 -Iinclude -Isrc $(PQ_CFLAGS) \
  -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all
FUZZ_OBJ := $(LIB_SRC:%.c=build-fuzz/obj/%.o)
build-fuzz/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(Q)$(call say,CC,$@)clang $(FUZZ_CFLAGS) -MMD -MP -c $< -o $@
build-fuzz/libludex-fuzz.a: $(FUZZ_OBJ)
	$(Q)$(call say,AR,$@)rm -f $@ && ar rcs $@ $^
build-fuzz/%: fuzz/%.c fuzz/fuzz_common.h build-fuzz/libludex-fuzz.a
	$(Q)$(call say,CC,$@)clang $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $< build-fuzz/libludex-fuzz.a
-include $(FUZZ_OBJ:.o=.d)

fuzz-build: $(FUZZ_BINS)

check-fuzz: fuzz-build
	@tools/run-fuzzers $(FUZZ_SECONDS) $(FUZZ_BINS)

# The same harnesses for longer (10 minutes each by default): make fuzz [FUZZ_LONG=SECONDS]
FUZZ_LONG ?= 600
.PHONY: fuzz
fuzz: fuzz-build
	@tools/run-fuzzers $(FUZZ_LONG) $(FUZZ_BINS)

# ---- benchmarks ----------------------------------------------------------------------
# make bench BENCH_QUICK=1: the same steps on small inputs in a few seconds, the report in
# $(BUILD)/bench/RESULTS-quick.md; make check runs it (check-bench) so a broken bench is caught:
# check-bench fails when any measurement failed, and prints bench/run's summary (each skipped
# measurement with its reason, and the counts) from the log, $(BUILD)/bench/quick.log.
bench: deps-bench $(BUILD)/http_load $(BUILD)/engine_match $(BUILD)/hex_patterns $(BUILD)/gnubg_bench $(BUILD)/xword_moves $(BUILD)/xword_sim $(BUILD)/pairing_bench
	@$(MAKE) --no-print-directory all $(BUILD)/server_load
	@BENCH_QUICK=$(BENCH_QUICK) BUILD=$(BUILD) bench/run

BENCH_QUICK ?=
.PHONY: check-bench
check-bench: all $(BUILD)/server_load $(BUILD)/http_load $(BUILD)/engine_match $(BUILD)/hex_patterns $(BUILD)/gnubg_bench $(BUILD)/xword_moves $(BUILD)/xword_sim $(BUILD)/pairing_bench
	@tools/apt-need $(DEPS_BENCH)
	@mkdir -p $(BUILD)/bench
	@if BENCH_QUICK=1 BUILD=$(BUILD) bench/run >$(BUILD)/bench/quick.log 2>&1; then \
	   sed -n '/^bench summary:/,$$p' $(BUILD)/bench/quick.log; \
	 else \
	   if grep -q '^bench summary:' $(BUILD)/bench/quick.log; then sed -n '/^bench summary:/,$$p' $(BUILD)/bench/quick.log; \
	   else tail -n 40 $(BUILD)/bench/quick.log; fi; \
	   echo "check-bench: bench/run failed (the whole log: $(BUILD)/bench/quick.log)"; exit 1; \
	 fi

# ---- install -------------------------------------------------------------------------
# With emscripten's emcc, make install builds the page's WebAssembly too (make web: the replay's
# ludex-wasm, the analysis board's ludex-engine); without it, it says what the page lacks.
HAVE_EMCC := $(shell command -v $(EMCC) 2>/dev/null)
install: all $(if $(HAVE_EMCC),web)
	install -d $(DESTDIR)$(PREFIX)/lib $(DESTDIR)$(PREFIX)/include/ludex \
	  $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 644 $(STATIC) $(DESTDIR)$(PREFIX)/lib/
	install -m 755 $(SHARED) $(DESTDIR)$(PREFIX)/lib/
	ln -sf libludex.so.$(VERSION) $(DESTDIR)$(PREFIX)/lib/libludex.so.$(SOVERSION)
	ln -sf libludex.so.$(VERSION) $(DESTDIR)$(PREFIX)/lib/libludex.so
	install -m 644 include/ludex/*.h $(DESTDIR)$(PREFIX)/include/ludex/
	install -m 755 $(TOOL) $(BUILD)/ludexd $(BUILD)/ludex-admin $(BUILD)/ludex-mail $(DESTDIR)$(PREFIX)/bin/
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' ludex.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/ludex.pc
	install -m 644 man/ludex.1 $(DESTDIR)$(PREFIX)/share/man/man1/
	install -d $(DESTDIR)$(PREFIX)/share/man/man8
	install -m 644 man/ludexd.8 man/ludex-admin.8 man/ludex-mail.8 $(DESTDIR)$(PREFIX)/share/man/man8/
	install -d $(DESTDIR)$(PREFIX)/share/ludex/web
	install -m 644 web/* $(DESTDIR)$(PREFIX)/share/ludex/web/
	for f in ludex.js ludex-wasm.js ludex-wasm.wasm ludex-engine.js ludex-engine.wasm; do \
	  if [ -f $(WEB_STAGE)/$$f ]; then install -m 644 $(WEB_STAGE)/$$f $(DESTDIR)$(PREFIX)/share/ludex/web/; \
	  else echo "make install: no $(WEB_STAGE)/$$f (make web needs emscripten's emcc): the page's replay and analysis board need it" >&2; fi; \
	done
	install -d $(DESTDIR)$(PREFIX)/share/ludex/xword/distributions $(DESTDIR)$(PREFIX)/share/ludex/xword/boards \
	  $(DESTDIR)$(PREFIX)/share/ludex/xword/lexica
	install -m 644 data/xword/distributions/*.txt $(DESTDIR)$(PREFIX)/share/ludex/xword/distributions/
	install -m 644 data/xword/boards/*.txt $(DESTDIR)$(PREFIX)/share/ludex/xword/boards/
	if [ -f $(XWORD_LEXICON) ]; then install -m 644 $(XWORD_LEXICON) $(DESTDIR)$(PREFIX)/share/ludex/xword/lexica/; fi

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/lib/libludex.* $(DESTDIR)$(PREFIX)/bin/ludex $(DESTDIR)$(PREFIX)/bin/ludexd $(DESTDIR)$(PREFIX)/bin/ludex-admin $(DESTDIR)$(PREFIX)/bin/ludex-mail \
	  $(DESTDIR)$(PREFIX)/lib/pkgconfig/ludex.pc $(DESTDIR)$(PREFIX)/share/man/man1/ludex.1 \
	  $(DESTDIR)$(PREFIX)/share/man/man8/ludexd.8 $(DESTDIR)$(PREFIX)/share/man/man8/ludex-admin.8 \
  $(DESTDIR)$(PREFIX)/share/man/man8/ludex-mail.8
	rm -rf $(DESTDIR)$(PREFIX)/include/ludex $(DESTDIR)$(PREFIX)/share/ludex

clean:
	rm -rf build build-asan build-fuzz
