#!/bin/sh
# ctxmode installer for Linux and macOS (POSIX sh: runs under dash, bash, zsh and busybox ash).
#
#   curl -fsSL https://github.com/ctxmode/ctxmode/releases/latest/download/install.sh | sh
#   sh install.sh --archive ctxmode-linux-x64.tar.gz --sums SHA256SUMS     # offline, no network
#
# Downloads the archive for this machine and SHA256SUMS, refuses to go on unless the archive's
# sha256 matches, checks that the binary runs, then moves it into ~/.ctxmode/bin in one rename
# and adds that directory to PATH in your shell's rc file (once).
set -eu

REPO="ctxmode/ctxmode"
MARK="# added by the ctxmode installer"

version=""
archive=""
sums=""
install_dir="${CTXMODE_INSTALL_DIR:-}"
target=""
modify_path=1
uninstall=0
dry_run=0
tmp=""

usage() {
	cat <<'EOF'
Install ctxmode: download, verify against SHA256SUMS, install into ~/.ctxmode/bin.

usage: install.sh [options]
  --version X        install version X (default: the latest release)
  --archive FILE     install from a local archive: no network at all
  --sums FILE        SHA256SUMS for --archive (default: SHA256SUMS beside the archive)
  --install-dir DIR  where the ctxmode binary goes (default: ~/.ctxmode/bin)
  --target NAME      override the detected target, e.g. linux-arm64-musl
  --no-modify-path   leave shell rc files alone
  --uninstall        remove the binary and the PATH line this installer added
  --dry-run          print what would be downloaded and installed, then stop
  -h, --help         this text

environment:
  CTXMODE_RELEASE_URL  directory URL holding the release assets (mirrors, tests)
  CTXMODE_INSTALL_DIR  same as --install-dir
EOF
}

say() { printf '%s\n' "$*"; }
fail() {
	printf 'ctxmode install: %s\n' "$*" >&2
	exit 1
}
cleanup() { if [ -n "$tmp" ]; then rm -rf "$tmp"; fi; }

need_value() { [ "$2" -ge 2 ] || fail "$1 needs a value (see --help)"; }

while [ $# -gt 0 ]; do
	case "$1" in
	--version) need_value "$1" $#; version=$2; shift 2 ;;
	--version=*) version=${1#*=}; shift ;;
	--archive) need_value "$1" $#; archive=$2; shift 2 ;;
	--archive=*) archive=${1#*=}; shift ;;
	--sums) need_value "$1" $#; sums=$2; shift 2 ;;
	--sums=*) sums=${1#*=}; shift ;;
	--install-dir) need_value "$1" $#; install_dir=$2; shift 2 ;;
	--install-dir=*) install_dir=${1#*=}; shift ;;
	--target) need_value "$1" $#; target=$2; shift 2 ;;
	--target=*) target=${1#*=}; shift ;;
	--no-modify-path) modify_path=0; shift ;;
	--uninstall) uninstall=1; shift ;;
	--dry-run) dry_run=1; shift ;;
	-h | --help) usage; exit 0 ;;
	*) fail "unknown option $1 (see --help)" ;;
	esac
done

version=${version#v}
[ -n "${HOME:-}" ] || fail "HOME is not set"
[ -n "$install_dir" ] || install_dir="$HOME/.ctxmode/bin"

is_musl() {
	if getconf GNU_LIBC_VERSION >/dev/null 2>&1; then return 1; fi
	if [ -f /etc/alpine-release ]; then return 0; fi
	case "$(ldd --version 2>&1 || true)" in
	*musl*) return 0 ;;
	esac
	return 1
}

detect_target() {
	os=$(uname -s)
	arch=$(uname -m)
	case "$os" in
	Linux) os=linux ;;
	Darwin) os=darwin ;;
	MINGW* | MSYS* | CYGWIN* | Windows_NT)
		fail "on Windows use PowerShell: irm https://github.com/$REPO/releases/latest/download/install.ps1 | iex" ;;
	*) fail "no ctxmode binary for $os; with Node >= 22.13 use: npm i -g ctxmode" ;;
	esac
	case "$arch" in
	x86_64 | amd64) arch=x64 ;;
	aarch64 | arm64 | armv8*) arch=arm64 ;;
	*) fail "no ctxmode binary for $arch; with Node >= 22.13 use: npm i -g ctxmode" ;;
	esac
	# A shell under Rosetta reports x86_64; the native arm64 build is the one to install.
	if [ "$os" = darwin ] && [ "$arch" = x64 ] && [ "$(sysctl -n sysctl.proc_translated 2>/dev/null || true)" = 1 ]; then
		arch=arm64
	fi
	libc=""
	if [ "$os" = linux ] && is_musl; then libc="-musl"; fi
	printf '%s-%s%s\n' "$os" "$arch" "$libc"
}

sha256_of() {
	if command -v sha256sum >/dev/null 2>&1; then
		sha256sum "$1" | awk '{ print $1 }'
	elif command -v shasum >/dev/null 2>&1; then
		shasum -a 256 "$1" | awk '{ print $1 }'
	else
		return 1
	fi
}

# A stalled connection fails after a minute instead of hanging the install.
download() {
	if command -v curl >/dev/null 2>&1; then
		curl -fsSL --retry 2 --connect-timeout 30 --speed-limit 1024 --speed-time 60 -o "$2" "$1" || fail "download failed: $1"
	elif command -v wget >/dev/null 2>&1; then
		# GNU wget takes a read timeout; Debian's busybox wget crashes on -T, so it goes without.
		if wget --version >/dev/null 2>&1; then
			wget -q -T 60 -O "$2" "$1" || fail "download failed: $1"
		else
			wget -q -O "$2" "$1" || fail "download failed: $1"
		fi
	else
		fail "needs curl or wget to download; or copy the archive and SHA256SUMS here and pass --archive FILE --sums FILE"
	fi
}

# rc files a previous install may have written to, for --uninstall.
rc_candidates() {
	printf '%s\n' "$HOME/.bashrc" "$HOME/.bash_profile" "$HOME/.profile" "${ZDOTDIR:-$HOME}/.zshrc" \
		"${XDG_CONFIG_HOME:-$HOME/.config}/fish/config.fish"
}

path_line_for() {
	case "$1" in
	*/config.fish) printf 'fish_add_path "%s"\n' "$install_dir" ;;
	*) printf "export PATH=\"%s:\$PATH\"\n" "$install_dir" ;;
	esac
}

pick_rc() {
	case "$(basename "${SHELL:-sh}")" in
	fish) printf '%s\n' "${XDG_CONFIG_HOME:-$HOME/.config}/fish/config.fish" ;;
	zsh) printf '%s\n' "${ZDOTDIR:-$HOME}/.zshrc" ;;
	bash)
		# macOS Terminal starts login shells, which read .bash_profile rather than .bashrc.
		if [ "$(uname -s)" = Darwin ]; then set -- .bash_profile .bashrc .profile; else set -- .bashrc .bash_profile .profile; fi
		for f in "$@"; do
			if [ -f "$HOME/$f" ]; then
				printf '%s\n' "$HOME/$f"
				return
			fi
		done
		printf '%s\n' "$HOME/$1"
		;;
	*) printf '%s\n' "$HOME/.profile" ;;
	esac
}

# Removes our two lines from an rc file, keeping the file itself (and its owner, mode, links).
strip_rc() {
	rc=$1
	[ -f "$rc" ] || return 0
	line=$(path_line_for "$rc")
	grep -Fxq -e "$line" -e "$MARK" "$rc" || return 0
	kept=$(mktemp)
	grep -vFx -e "$line" -e "$MARK" "$rc" >"$kept" || true
	cat "$kept" >"$rc"
	rm -f "$kept"
	say "removed the PATH line from $rc"
}

if [ "$uninstall" = 1 ]; then
	if [ -f "$install_dir/ctxmode" ]; then
		rm -f "$install_dir/ctxmode"
		say "removed $install_dir/ctxmode"
	else
		say "no ctxmode binary in $install_dir"
	fi
	rmdir "$install_dir" 2>/dev/null || true
	rc_candidates | while IFS= read -r rc; do strip_rc "$rc"; done
	say "kept your data in ${CTXMODE_DATA_DIR:-$HOME/.ctxmode} (delete that folder to remove it too)"
	exit 0
fi

if [ -n "$archive" ]; then
	[ -f "$archive" ] || fail "no such archive: $archive"
	if [ -z "$sums" ]; then sums="$(dirname "$archive")/SHA256SUMS"; fi
	[ -f "$sums" ] || fail "no SHA256SUMS to verify $archive against; pass --sums FILE"
	name=$(basename "$archive")
	case "$name" in
	ctxmode-*.tar.gz) target=${name#ctxmode-}; target=${target%.tar.gz} ;;
	*) fail "$name is not a ctxmode release archive (ctxmode-<target>.tar.gz)" ;;
	esac
else
	if [ -z "$target" ]; then target=$(detect_target); fi
	name="ctxmode-$target.tar.gz"
	if [ -n "${CTXMODE_RELEASE_URL:-}" ]; then
		base=${CTXMODE_RELEASE_URL%/}
	elif [ -n "$version" ]; then
		base="https://github.com/$REPO/releases/download/v$version"
	else
		base="https://github.com/$REPO/releases/latest/download"
	fi
fi

if [ "$dry_run" = 1 ]; then
	say "target:      $target"
	if [ -n "$archive" ]; then
		say "archive:     $archive"
		say "sums:        $sums"
	else
		say "archive:     $base/$name"
		say "sums:        $base/SHA256SUMS"
	fi
	say "install to:  $install_dir/ctxmode"
	exit 0
fi

trap cleanup EXIT
trap 'cleanup; exit 130' INT TERM
tmp=$(mktemp -d 2>/dev/null || mktemp -d -t ctxmode)

if [ -z "$archive" ]; then
	say "downloading $name"
	download "$base/$name" "$tmp/$name"
	download "$base/SHA256SUMS" "$tmp/SHA256SUMS"
	archive="$tmp/$name"
	sums="$tmp/SHA256SUMS"
fi

expected=$(awk -v n="$name" '$2 == n || $2 == "*" n { print $1; exit }' "$sums" | tr 'A-F' 'a-f')
[ -n "$expected" ] || fail "SHA256SUMS has no line for $name; refusing to install an unverified archive"
actual=$(sha256_of "$archive") || fail "cannot verify: neither sha256sum nor shasum is installed; refusing to install an unverified archive"
if [ "$actual" != "$expected" ]; then
	fail "checksum mismatch for $name (expected $expected, got $actual); refusing to install"
fi
say "verified sha256 of $name"

mkdir "$tmp/unpacked"
tar -xzf "$archive" -C "$tmp/unpacked" || fail "cannot unpack $name"
bin="$tmp/unpacked/ctxmode-$target/ctxmode"
[ -f "$bin" ] || fail "$name does not hold ctxmode-$target/ctxmode"
chmod 755 "$bin"

if ! got=$("$bin" --version 2>&1); then
	case "$target" in
	*-musl) fail "the binary does not run here ($got); on Alpine it needs: apk add libstdc++" ;;
	*) fail "the binary does not run here: $got" ;;
	esac
fi
got=${got#ctxmode }
if [ -n "$version" ] && [ "$got" != "$version" ]; then
	fail "asked for $version but the archive holds $got"
fi

mkdir -p "$install_dir"
staged="$install_dir/.ctxmode.new.$$"
cp "$bin" "$staged"
chmod 755 "$staged"
# Files from a browser download carry a quarantine flag; the checksum above already vouched for this one.
if [ "$(uname -s)" = Darwin ]; then xattr -d com.apple.quarantine "$staged" 2>/dev/null || true; fi
mv -f "$staged" "$install_dir/ctxmode"
say "installed ctxmode $got to $install_dir/ctxmode"

on_path=0
case ":${PATH:-}:" in
*":$install_dir:"*) on_path=1 ;;
esac
if [ "$modify_path" = 1 ]; then
	if [ -n "${GITHUB_PATH:-}" ]; then printf '%s\n' "$install_dir" >>"$GITHUB_PATH"; fi
	rc=$(pick_rc)
	line=$(path_line_for "$rc")
	if [ -f "$rc" ] && grep -Fxq "$line" "$rc"; then
		:
	else
		mkdir -p "$(dirname "$rc")"
		# No blank line of our own: --uninstall then leaves the file exactly as it found it.
		if [ -s "$rc" ] && [ -n "$(tail -c 1 "$rc")" ]; then printf '\n' >>"$rc"; fi
		printf '%s\n%s\n' "$MARK" "$line" >>"$rc"
		say "added $install_dir to PATH in $rc"
	fi
fi
if [ "$on_path" = 0 ]; then
	say "to use it in this shell now: export PATH=\"$install_dir:\$PATH\""
fi
say "next: ctxmode setup    (connects ctxmode to the coding agents it finds)"
