/**
 * A MemoryError is the student's wherever it surfaces (grade_harness/channel.py): only their objects fill a
 * process's memory, and a search that keeps every state it made may run out while the harness reads its answer, not
 * in their call. The reply is then the student's exception (which stops the test, as a hang does), never "internal
 * error in the grader", and our own bugs still say they are ours.
 */
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { HARNESS_DIR } from '../../../runner/sandbox/environment.js';

const SCRIPT = `
import json, sys
sys.path.insert(0, ${JSON.stringify(HARNESS_DIR)})
from grade_harness.channel import answer
class Harness:
    def handle(self, request):
        if request["op"] == "memory":
            raise MemoryError()
        raise KeyError(request["op"])
print(json.dumps([answer(Harness(), {"id": 1, "op": "memory"}), answer(Harness(), {"id": 2, "op": "other"})]))
`;

describe("the harness's reply when the memory is full", () => {
  it("is the student's MemoryError, where our own bug stays an internal error", async () => {
    const ran = await execa('python3', ['-I', '-c', SCRIPT], { cwd: HARNESS_DIR });
    const [memory, ours] = JSON.parse(ran.stdout) as Record<string, unknown>[];
    expect(memory).toMatchObject({ id: 1, ok: false, exception: { type: 'MemoryError' } });
    expect(memory).not.toHaveProperty('internal');
    expect(ours).toMatchObject({ id: 2, ok: false, internal: "KeyError: 'other'" });
  });
});
