"""package.json (mip format) installs exactly what `make deploy` stages, as source."""
import json
import os

from host_tools.board import package, staging

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


def test_package_json_is_what_host_tools_package_prints():
    with open(os.path.join(ROOT, "package.json"), encoding="utf-8") as f:
        assert f.read() == package.text(), "run: python -m host_tools.board.package > package.json"


def test_package_json_lists_exactly_the_files_deploy_stages(tmp_path):
    with open(os.path.join(ROOT, "package.json"), encoding="utf-8") as f:
        man = json.load(f)
    staged = staging.staged_files(staging.stage("pico", str(tmp_path / "flash"), compile=False, driver=False))
    # all but the generated texts file, which mip cannot fetch from the repository
    assert package.GENERATED in staged
    assert sorted(dst for dst, _ in man["urls"]) == [f for f in staged if f != package.GENERATED]
    for dst, src in man["urls"]:
        assert os.path.isfile(os.path.join(ROOT, src)), src
    # the display driver: mip takes micropython-lib's index at a pinned version (not "latest")
    assert man["deps"] == [["ssd1306", "0.1.0"]] == [list(staging.SSD1306_MIP)]
    assert man["version"]
