#!/usr/bin/env bash
# Installs Debian's WenQuanYi Micro Hei, the CJK font papers are rendered into PDF with
# (hub::render::pdf; another font can be named with EDUHUB_PDF_FONT).
set -euo pipefail
if [ -f /usr/share/fonts/truetype/wqy/wqy-microhei.ttc ] || [ -n "${EDUHUB_PDF_FONT:-}" ]; then exit 0; fi
echo "installing fonts-wqy-microhei"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq fonts-wqy-microhei >/dev/null
