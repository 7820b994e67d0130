"""A backend's DeviceCheck calls made through PyPI's `devicecheck` client (1.3.3,
https://github.com/Kylmakalle/devicecheck), pointed at `idscope serve` on the built-in
s01-serve-devicecheck-two-teams scenario instead of Apple.

The client is used as a backend uses it: its own JWTs (ES256, iss/iat/exp/sub, kid), its own
request bodies, its own reading of the answers. Only its two base URLs are changed. Prints one
line per check, and exits 1 if any failed.

usage: python devicecheck_pypi.py BASE_URL KEY_ID KEY_FILE
"""
import datetime
import json
import sys
import urllib.request

import devicecheck
from devicecheck import DeviceCheck

base, key_id, key_file = sys.argv[1], sys.argv[2], sys.argv[3]
failures = []


def check(name, condition, detail=""):
    print(("ok    " if condition else "FAIL  ") + name + ("" if condition else f": {detail}"))
    if not condition:
        failures.append(name)


def idscope(method, path, body=None):
    """idscope's own endpoints, with the standard library."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    try:
        with urllib.request.urlopen(request) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def client(team, bundle, development=False):
    dc = DeviceCheck(team, bundle, key_id, key_file, dev_environment=development)
    # Apple's hosts become the server's two path prefixes (docs/serve.md).
    dc.PRODUCTION_URL = base
    dc.DEVELOPMENT_URL = base + "/development"
    return dc


def token(device, app):
    status, body = idscope("GET", "/idscope/tokens")
    tokens = json.loads(body)["tokens"]
    return [t for t in tokens if t["device"] == device and t["app"] == app and t["valid"]][-1]["token"]


this_month = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m")
acme = client("ACME1234", "com.acme.shop")
shop = token("phone", "com.acme.shop")

# The scenario's step 7 set ACME's bit0 on the phone, before the server started.
answer = acme.query_two_bits(shop)
check("query reads the bits the scenario set", answer.is_ok and answer.bit_0 is True and answer.bit_1 is False, str(answer))
check("last_update_time is this month (UTC)", answer.bits_last_update_time == this_month, str(answer))

answer = acme.update_two_bits(shop, bit_1=True)
check("update is accepted", answer.is_ok and answer.status_code == 200, str(answer))
answer = acme.query_two_bits(shop)
check("query reads the update, the other bit kept", answer.bit_0 is True and answer.bit_1 is True, str(answer))

answer = acme.validate_device_token(shop)
check("validate_device_token accepts a fresh token", answer.is_ok, str(answer))

check("the JWT carries an exp, and is accepted", "exp" in __import__("jwt").decode(acme.generate_token(), options={"verify_signature": False}))

# The iPad's com.acme.shop is an Xcode build: its token belongs to the development environment.
development = client("ACME1234", "com.acme.shop", development=True)
answer = development.query_two_bits(token("tablet", "com.acme.shop"))
check("development: no bits set yet", answer.status_code == 200 and answer.description == "Failed to find bit state", str(answer))
answer = acme.query_two_bits(token("tablet", "com.acme.shop"))
check("a development token at the production URL is refused", answer.status_code == 400, str(answer))

# The key is bound to ACME1234 (--key ACME1234/KEY_ID=FILE): it cannot sign for another team.
other = client("OTHR5678", "org.other.quiz")
answer = other.query_two_bits(token("phone", "org.other.quiz"))
check("a JWT whose iss is not the key's team gets 401", answer.status_code == 401, str(answer))

# A backend test moves time: the next update records the posted month.
status, _ = idscope("POST", "/idscope/clock", {"date": "2027-03-01"})
check("POST /idscope/clock sets a date", status == 200)
acme.update_two_bits(shop, bit_0=False)
answer = acme.query_two_bits(shop)
check("last_update_time follows the posted date", answer.bits_last_update_time == "2027-03" and answer.bit_0 is False, str(answer))

# A refund job marks the device after the user deleted every ACME app.
for app in ("com.acme.trial", "com.acme.shop"):
    status, body = idscope("POST", "/idscope/steps", {"uninstall": app, "device": "phone"})
    check(f"uninstall {app} is a step", status == 200, body)
answer = acme.update_two_bits(shop, bit_1=False)
check("an update after the apps were deleted is accepted", answer.is_ok, str(answer))

# An erase kills the device's tokens, as Apple's do.
idscope("POST", "/idscope/steps", {"erase": None, "device": "phone"})
answer = acme.query_two_bits(shop)
check("a token of an erased device is refused", answer.status_code == 400, str(answer))

print(f"devicecheck {getattr(devicecheck, '__version__', '1.3.3')}: {len(failures)} of the checks failed" if failures else "all checks held")
sys.exit(1 if failures else 0)
