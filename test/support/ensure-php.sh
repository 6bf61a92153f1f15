#!/usr/bin/env bash
# The tests check PHP output with PHP's own unserialize(): install php-cli from Debian's
# packages when it is missing.
set -euo pipefail
command -v php >/dev/null 2>&1 && exit 0
echo "php is missing: installing php-cli from Debian's packages (the tests use PHP's unserialize)"
if [ "$(id -u)" -eq 0 ]; then sudo=""; elif command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
  echo "error: php is not installed and this user cannot install it; run: apt-get install php-cli" >&2
  exit 1
fi
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends php-cli >/dev/null
php --version | head -n 1
