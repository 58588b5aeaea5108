# Sourced (not run) by the README's commands and CI: puts the Node LTS pinned in
# .node-version first on PATH. A machine whose own Node is another version gets
# the pinned one from the npm registry as a package (node-linux-<arch>, which
# ships the binary and its headers), into .tools/ of this checkout: no root, no
# download from anywhere else. npm itself then runs on it too (its shebang is
# `env node`), and native addons (better-sqlite3) compile against its headers.
#
# Usage: source scripts/node-env.sh
_messenger_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_messenger_want="$(tr -d ' \n\r' <"$_messenger_root/.node-version")"

if [ "$(node -v 2>/dev/null || true)" != "v$_messenger_want" ]; then
  case "$(uname -m)" in
    x86_64) _messenger_arch=x64 ;;
    aarch64 | arm64) _messenger_arch=arm64 ;;
    *)
      echo "node-env: no Node package for $(uname -m); install Node $_messenger_want yourself" >&2
      return 1
      ;;
  esac
  _messenger_pkg="node-linux-$_messenger_arch"
  _messenger_prefix="$_messenger_root/.tools/node-$_messenger_want"
  _messenger_home="$_messenger_prefix/node_modules/$_messenger_pkg"
  if [ "$("$_messenger_home/bin/node" -v 2>/dev/null || true)" != "v$_messenger_want" ]; then
    echo "node-env: this machine has Node $(node -v 2>/dev/null || echo none); fetching Node $_messenger_want from the npm registry ($_messenger_pkg, about 30 MB)..."
    mkdir -p "$_messenger_prefix"
    # --no-save into a folder of its own: the project's lockfile is not touched.
    npm install --no-save --no-audit --no-fund --loglevel=error \
      --prefix "$_messenger_prefix" "$_messenger_pkg@$_messenger_want" >&2
    "$_messenger_home/bin/node" -v >/dev/null
    echo "node-env: Node $("$_messenger_home/bin/node" -v) is in ${_messenger_home#"$_messenger_root"/}"
  fi
  export PATH="$_messenger_home/bin:$PATH"
  # The machine's npm config may point node-gyp at the system Node's headers (nodedir=/usr);
  # addons must be built against the Node that will load them.
  export npm_config_nodedir="$_messenger_home"
fi
unset _messenger_root _messenger_want _messenger_arch _messenger_pkg _messenger_prefix _messenger_home
