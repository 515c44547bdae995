#!/usr/bin/env bash
# Installs the media conversion tools from Debian's packages when they are missing (issue 4 'Conversion on the
# server'): ffmpeg (video, audio), LibreOffice without GUI (office documents and slides to PDF), poppler-utils
# (pdftoppm, pdfinfo) and a CJK font so Chinese documents render. Without them the server still runs: uploads
# stay as they are, marked 'unconverted' with the missing tool named, and the media tests say they were skipped.
# Run as root (npm test calls it); as another user it prints the command to run and exits 0.
set -euo pipefail
need=()
command -v ffmpeg >/dev/null 2>&1 && command -v ffprobe >/dev/null 2>&1 || need+=(ffmpeg)
if ! command -v soffice >/dev/null 2>&1; then
  need+=(libreoffice-writer-nogui libreoffice-calc-nogui libreoffice-impress-nogui)
else
  # soffice may be there with only some of the components.
  for part in writer calc impress; do
    dpkg-query -W -f='${Status}' "libreoffice-$part" 2>/dev/null | grep -q 'install ok installed' ||
      dpkg-query -W -f='${Status}' "libreoffice-$part-nogui" 2>/dev/null | grep -q 'install ok installed' ||
      need+=("libreoffice-$part-nogui")
  done
fi
command -v pdftoppm >/dev/null 2>&1 && command -v pdfinfo >/dev/null 2>&1 || need+=(poppler-utils)
fc-list 2>/dev/null | grep -qi 'noto sans cjk' || need+=(fonts-noto-cjk)

if [ ${#need[@]} -eq 0 ]; then
  echo "media tools: ffmpeg, LibreOffice (writer, calc, impress), poppler-utils and a CJK font are installed."
  exit 0
fi
if [ "$(id -u)" != "0" ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "media tools: missing ${need[*]}. Media conversion tests will be skipped and say so." >&2
  echo "media tools: install them with: sudo apt-get update && sudo apt-get install -y --no-install-recommends ${need[*]}" >&2
  exit 0
fi
echo "media tools: installing ${need[*]} with apt-get (a few minutes the first time)..."
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
echo "media tools: installed ${need[*]}."
