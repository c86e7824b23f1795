# A stand-in for mpremote that serves a local folder as the device (FolderRunner: ls, sha256sum, cp, rm; a copy can arrive damaged).
import hashlib
import os

from host_tools.board import export


class FolderRunner:
    def __init__(self, root, corrupt_copy=None):
        self.root = root
        self.calls = []
        self.corrupt_copy = corrupt_copy   # device path whose copy arrives damaged

    def _local(self, remote):
        assert remote.startswith(":")
        return os.path.join(self.root, remote[1:].lstrip("/"))

    def __call__(self, args):
        self.calls.append(list(args))
        assert args[0] == "fs"
        args = [a for a in args[1:] if a != "--no-verbose"]
        cmd, paths = args[0], args[1:]
        out = []
        if cmd == "ls":
            p = self._local(paths[0])
            if not os.path.isdir(p):
                raise export.DeviceError("ls: No such file or directory: No such file or directory.")
            for name in sorted(os.listdir(p)):
                full = os.path.join(p, name)
                if os.path.isdir(full):
                    out.append("{:12} {}/".format(0, name))
                else:
                    out.append("{:12} {}".format(os.path.getsize(full), name))
        elif cmd == "sha256sum":
            for r in paths:
                with open(self._local(r), "rb") as f:
                    out.append(hashlib.sha256(f.read()).hexdigest())
        elif cmd == "cp":
            dest = paths[-1]
            for r in paths[:-1]:
                with open(self._local(r), "rb") as f:
                    data = f.read()
                if r[1:] == self.corrupt_copy:
                    data = data[:-3] + b"!!\n"
                with open(os.path.join(dest, os.path.basename(r)), "wb") as f:
                    f.write(data)
        elif cmd == "rm":
            for r in paths:
                os.remove(self._local(r))
        else:
            raise AssertionError(cmd)
        return "".join(s + "\n" for s in out)
