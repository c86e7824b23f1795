# Making a game's files exactly the valid prefix of its journal (after a power cut's torn tail, or
# garbage after it): later segments removed, the last one cut through a temporary copy and a
# rename (littlefs has no truncate). Imported only when there is something to repair.
from storage import layout
from core.errors import Refusal
from storage.fsio import size


def cut_back(st, j):
    """Cut the files of `j` (segments.Segments, its seg and size set to the valid prefix's end)
    back to that prefix; Refusal E_STORAGE_FULL (j.broken) when the flash does not let us."""
    j.close()
    if j.drop_snap:
        # a snapshot that did not match would match again once new events reuse its seqs
        st._remove(layout.snap(j.stem))
        j.drop_snap = False
    segs = j.segs or []
    for s in sorted(segs, reverse=True):
        if s > j.seg:
            if not st._remove(layout.segment(j.stem, s)):
                j.broken = True
                raise Refusal("E_STORAGE_FULL")
    j.segs = [s for s in segs if s <= j.seg]
    path = j.path(j.seg)
    now = size(st.fs, path)
    if now is not None and now != j.size:
        if j.size == 0 and j.seg > 0:
            ok = st._remove(layout.segment(j.stem, j.seg))
        else:
            ok = rewrite(st.fs, path, j.size)
        if not ok:
            j.broken = True
            raise Refusal("E_STORAGE_FULL")
    j.broken = False


def rewrite(fs, path, keep):
    """The file's first `keep` bytes, copied to path.tmp and renamed over it. False on failure
    (the temporary file removed, the file as it was)."""
    tmp = path + ".tmp"
    try:
        src = fs.open(path, "rb")
        dst = fs.open(tmp, "wb")
        try:
            left = keep
            while left > 0:
                chunk = src.read(512 if left > 512 else left)
                if not chunk:
                    break
                dst.write(chunk)
                left -= len(chunk)
            dst.flush()
        finally:
            src.close()
            dst.close()
        if left:
            raise OSError(5)
        fs.rename(tmp, path)
        return True
    except OSError:
        try:
            fs.remove(tmp)
        except OSError:
            pass
        return False
