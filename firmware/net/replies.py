# What the routes of net/routes.py and net/record_routes.py both answer with: the phone's language
# and a JSON answer (one copy of each in the heap).
import json

LANGS = ("ja", "en")


def lang_of(req):
    """The language the request's query names (?lang=), else Japanese."""
    lang = req.args.get("lang")
    return lang if lang in LANGS else "ja"


def json_reply(obj, code=200):
    """`obj` as JSON; a str is JSON text already (the record's answers, cached as text)."""
    from microdot import Response
    return Response(obj if isinstance(obj, str) else json.dumps(obj), code, {"Content-Type": "application/json"})
