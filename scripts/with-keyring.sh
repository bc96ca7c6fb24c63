#!/usr/bin/env bash
# Runs a command in a private D-Bus session whose Secret Service is gnome-keyring with an unlocked
# login keyring (empty password), kept in a throwaway folder: never your own keyring.
#
#   bash scripts/with-keyring.sh npm test
#
# The Secret Service is started by D-Bus activation through our own service file, not by hand. If
# the daemon ever exits mid-run, the next keychain call starts it again, unlocked, with the items
# it had saved. The stock service file would start a locked one, and every write would then wait
# on a password prompt that nobody can answer (a CI run once lost its keychain this way). Every
# start is logged, and a restart is reported at the end.
set -euo pipefail

session=$(mktemp -d)
trap 'rm -rf "$session"' EXIT
mkdir -m 700 "$session/services" "$session/data" "$session/run"

cat > "$session/start-keyring.sh" << EOF
#!/bin/sh
echo "\$(date +%T)" >> '$session/starts.log'
# The keyring's files and control socket live in this session's folder only.
export XDG_DATA_HOME='$session/data' XDG_RUNTIME_DIR='$session/run'
# With a login session id, gnome-keyring quits when logind says that session is closing, which a
# run that outlives the login that started it would see. This keyring belongs to the D-Bus session.
unset XDG_SESSION_ID
printf '\n' | exec gnome-keyring-daemon --foreground --unlock --components=secrets
EOF
chmod 700 "$session/start-keyring.sh"

cat > "$session/services/org.freedesktop.secrets.service" << EOF
[D-BUS Service]
Name=org.freedesktop.secrets
Exec=$session/start-keyring.sh
EOF

# Our service folder comes first, so its Secret Service wins over the one Debian installs.
cat > "$session/session.conf" << EOF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <servicedir>$session/services</servicedir>
  <include>/usr/share/dbus-1/session.conf</include>
</busconfig>
EOF

status=0
dbus-run-session --config-file="$session/session.conf" -- "$@" || status=$?

if [ -f "$session/starts.log" ] && [ "$(wc -l < "$session/starts.log")" -gt 1 ]; then
  echo "with-keyring: the Secret Service exited and was started again, unlocked, at:" \
    "$(tail -n +2 "$session/starts.log" | tr '\n' ' ')" >&2
fi
exit "$status"
