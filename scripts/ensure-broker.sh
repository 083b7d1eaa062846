#!/usr/bin/env bash
# The MQTT ingestion tests need a broker: the machine's Mosquitto on 127.0.0.1:1883, started here
# when it is installed but not running (another broker: set MQTT_TEST_URL and this does nothing).
set -euo pipefail
[ -n "${MQTT_TEST_URL:-}" ] && exit 0
listening() { (echo >/dev/tcp/127.0.0.1/1883) 2>/dev/null; }
listening && exit 0
if ! command -v mosquitto >/dev/null; then
  echo "MQTT: no broker on 127.0.0.1:1883 and no mosquitto to start (apt-get install mosquitto, or set MQTT_TEST_URL)" >&2
  exit 1
fi
mosquitto -d -p 1883
for _ in $(seq 1 50); do listening && exit 0; sleep 0.2; done
echo "MQTT: mosquitto did not start listening on 1883" >&2
exit 1
