#!/usr/bin/env python3
"""Closed-loop MQTT property reports from paho-mqtt (a client nobody here wrote), for `make bench`.

    mqtt-load.py --accounts FILE --port N [--seconds S] [--responder USER:PASSWORD]

FILE is a JSON list of devices: {"sn", "productKey", "user", "clientId", "password"}. Each device
connects, listens on its reply topic, then reports four properties at QoS 1 and waits for the
answer on `<topic>_reply` before it sends the next: a closed loop, as a device does. Prints one
JSON line: reports answered, seconds, reports a second, p50 and p99 of publish to answer (ms),
and the answers that were not 200.

With --responder, one more client (signed in with USER:PASSWORD) answers every report on its reply
topic itself: run against a plain broker, that is the anchor, what one MQTT round trip costs on
this machine without the console behind it.
"""

import argparse
import json
import statistics
import threading
import time

import paho.mqtt.client as mqtt

REPORT = "/sys/{product}/{sn}/thing/event/property/post"


def connected(client_id, user, password, port, on_message=None):
    client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=client_id, protocol=mqtt.MQTTv311)
    client.username_pw_set(user, password)
    if on_message:
        client.on_message = on_message
    ready = threading.Event()
    client.on_connect = lambda c, u, f, reason, p: ready.set()
    client.connect("127.0.0.1", port, keepalive=60)
    client.loop_start()
    if not ready.wait(10):
        raise SystemExit(f"{client_id}: not connected within 10 s")
    return client


def responder(user_password, port):
    user, password = user_password.split(":", 1)

    def answer(client, _userdata, message):
        try:
            sent = json.loads(message.payload)
        except ValueError:
            return
        client.publish(message.topic + "_reply", json.dumps({"id": sent.get("id"), "code": 200}), qos=0)

    client = connected("bench-responder", user, password, port, answer)
    client.subscribe("/sys/+/+/thing/event/property/post", qos=1)
    time.sleep(0.5)
    return client


def device(account, port, begin, stop, results):
    topic = REPORT.format(product=account["productKey"], sn=account["sn"])
    answered = threading.Event()
    answer = {}

    def heard(_client, _userdata, message):
        if message.topic == topic + "_reply":
            answer["body"] = message.payload
            answered.set()

    client = connected(account["clientId"], account["user"], account["password"], port, heard)
    client.subscribe(topic + "_reply", qos=0)
    time.sleep(0.2)
    begin.wait()
    took, refused, n = [], 0, 0
    while not stop.is_set():
        n += 1
        answered.clear()
        # Four properties of the bench's vacuum thing model, each within its range.
        params = {"battery": n % 101, "waterLevel": n % 101, "cleanedArea": n % 501, "cleaningTime": n % 601}
        report = {"id": n, "version": "1.0", "params": params}
        started = time.perf_counter()
        client.publish(topic, json.dumps(report), qos=1)
        if not answered.wait(10):
            refused += 1
            break
        took.append((time.perf_counter() - started) * 1000)
        if json.loads(answer["body"]).get("code") != 200:
            refused += 1
    client.loop_stop()
    client.disconnect()
    results.append((took, refused))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--accounts", required=True)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--seconds", type=float, default=6.0)
    parser.add_argument("--responder")
    args = parser.parse_args()
    with open(args.accounts) as f:
        accounts = json.load(f)
    answering = responder(args.responder, args.port) if args.responder else None
    results = []
    # The clock starts once every device is connected and listening.
    begin, stop = threading.Barrier(len(accounts) + 1), threading.Event()
    threads = [threading.Thread(target=device, args=(a, args.port, begin, stop, results)) for a in accounts]
    for t in threads:
        t.start()
    begin.wait()
    started = time.monotonic()
    time.sleep(args.seconds)
    stop.set()
    for t in threads:
        t.join()
    seconds = time.monotonic() - started
    if answering:
        answering.loop_stop()
    took = sorted(t for ts, _ in results for t in ts)
    refused = sum(r for _, r in results)
    figures = {
        "reports": len(took),
        "seconds": round(seconds, 2),
        "per_s": round(len(took) / seconds, 1),
        "p50_ms": round(statistics.median(took), 2) if took else None,
        "p99_ms": round(took[min(len(took) - 1, int(len(took) * 0.99))], 2) if took else None,
        "refused": refused,
    }
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
