/** A verbose build's log: compile lines with paths and timings, warnings and an error now and then. */
export function bigLog(bytes: number, first = ""): string {
  const lines: string[] = first ? [first] : [];
  let size = first.length;
  for (let i = 0; size < bytes; i++) {
    const line =
      i % 97 === 0
        ? `src/module${i % 13}/file${i}.ts(${i % 200},${i % 40}): error TS2345: Argument of type 'string' is not assignable to parameter of type 'number'.`
        : i % 29 === 0
          ? `warning: unused variable \`value${i}\` in src/module${i % 13}/file${i}.ts:${i % 300}`
          : `[${String(i % 60).padStart(2, "0")}:${String(i % 60).padStart(2, "0")}] compiled src/module${i % 13}/file${i}.ts in ${(i * 7) % 400} ms (${(i * 13) % 9000} bytes)`;
    lines.push(line);
    size += line.length + 1;
  }
  return lines.join("\n");
}
