"""A refused 掛け引きほーるでむ setting is named on the device by the label its declaration gives."""
from ui_harness import Driver


def test_a_refused_setting_is_named_by_its_label_on_the_device():
    d = Driver(lang="ja")
    from core.errors import Refusal
    d.app.choose_kind("kakehiki")
    d.app.refuse(Refusal("E_SETTING_RANGE", {"setting": "S_kakehiki_start", "min": 2, "max": 99}))
    assert d.app.toast == "最初のだんごは2～99です"
