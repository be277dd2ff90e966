"""The mutants scripts/mutants.sh plants: read `git diff -U0` on standard input, find every mutant
the added lines take (mutants.sh names the operators), sample --count of them with --seed, and
print each as FILE<TAB>LINE<TAB>OPERATOR<TAB>BEFORE<TAB>AFTER."""
import argparse
import random
import re
import sys

COMPARISONS = [(" == ", " != "), (" != ", " == "), (" < ", " >= "), (" >= ", " < "), (" > ", " <= "), (" <= ", " > ")]
LOGIC = [(" && ", " || "), (" || ", " && ")]
NUMBER = re.compile(r"(?<![\w.])(\d+)(?![\w.'])")
# A line that declares (its drop would not build): a type, then a name.
DECLARATION = re.compile(r"^(return\b|case |}|const |let |var |constexpr |static |auto |using |typedef |"
                         r"(std::)?[\w:]+(<[^;]*>)?[&*]* [&*]?\w+( =| \{|\(|;|\[))")
CALL2 = re.compile(r"\b(\w+)\(([\w.:\->\[\]]+), ([\w.:\->\[\]]+)\)")


def added_lines(diff, wanted):
    """(file, line number, text) of every line the diff adds to a wanted file."""
    path, number = None, 0
    for raw in diff:
        if raw.startswith("+++ "):
            name = raw[4:].strip()
            path = name[2:] if name.startswith("b/") and wanted.search(name[2:]) else None
        elif raw.startswith("@@"):
            number = int(re.search(r"\+(\d+)", raw).group(1))
        elif raw.startswith("+") and path:
            yield path, number, raw[1:].rstrip("\n")
            number += 1


def code_spans(text):
    """The text with string literals and a trailing comment blanked, so no mutant lands in them."""
    out, quote, i = [], None, 0
    while i < len(text):
        c = text[i]
        if quote:
            out.append(" ")
            if c == "\\":
                out.append(" ")
                i += 1
            elif c == quote:
                quote = None
        elif c in "\"'`":
            quote = c
            out.append(" ")
        elif text.startswith("//", i):
            out.extend(" " * (len(text) - i))
            break
        else:
            out.append(c)
        i += 1
    return "".join(out)


def replacements(text, code, pairs, operator):
    for old, new in pairs:
        for at in (m.start() for m in re.finditer(re.escape(old), code)):
            yield operator, text[:at] + new + text[at + len(old):]


def statement_start(lines, number):
    """Whether line `number` (from 1) starts a statement: the code line before it ends one."""
    for before in reversed(lines[: number - 1]):
        stripped = before.strip()
        if stripped and not stripped.startswith("//"):
            return stripped.endswith((";", "{", "}", ":"))
    return True


def mutants(path, number, text, lines):
    code = code_spans(text)
    stripped = code.strip()
    if not stripped or stripped.startswith(("#", "*", "/*", "import ", "export {")) or "\t" in text:
        return
    yield from replacements(text, code, COMPARISONS, "comparison flipped")
    yield from replacements(text, code, LOGIC, "logic swapped")
    for m in NUMBER.finditer(code):
        yield "constant + 1", text[: m.start()] + str(int(m.group(1)) + 1) + text[m.end():]
    at = code.find("if (")
    if at >= 0:
        depth, end = 0, -1
        for k in range(at + 3, len(code)):
            depth += {"(": 1, ")": -1}.get(code[k], 0)
            if depth == 0:
                end = k
                break
        if end > 0:
            yield "condition negated", text[: at + 4] + "!(" + text[at + 4 : end] + ")" + text[end:]
    balanced = code.count("(") == code.count(")") and code.count("{") == code.count("}")
    starts = statement_start(lines, number)
    if balanced and starts and stripped.endswith(";") and not DECLARATION.match(stripped) and not path.endswith(".h"):
        yield "statement dropped", text[: len(text) - len(text.lstrip())]
    if path.endswith(".js") and balanced and starts and not stripped.startswith(("return", "}", "case ", "else")):
        indent = text[: len(text) - len(text.lstrip())]
        yield "early return", indent + "return; " + text.lstrip()
    for m in CALL2.finditer(code):
        if m.group(2) != m.group(3):
            swapped = f"{m.group(1)}({m.group(3)}, {m.group(2)})"
            yield "arguments swapped", text[: m.start()] + swapped + text[m.end():]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=12)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--files", default=r"^(src|web)/.*\.(cpp|h|js)$")
    args = parser.parse_args()
    wanted = re.compile(args.files)
    sources, found = {}, []
    for path, number, text in added_lines(sys.stdin, wanted):
        if path not in sources:
            sources[path] = open(path, encoding="utf-8").read().split("\n")
        for operator, after in mutants(path, number, text, sources[path]):
            if after != text:
                found.append((path, number, operator, text, after))
    chosen = random.Random(args.seed).sample(found, min(args.count, len(found)))
    for path, number, operator, before, after in sorted(chosen):
        print("\t".join([path, str(number), operator, before, after]))
    print(f"mutants: {len(chosen)} sampled of {len(found)} on the change's lines", file=sys.stderr)


if __name__ == "__main__":
    main()
