import { describe, expect, it } from 'vitest';
import { withoutSpeedOnly, withStandIns, type Interaction, type Step } from '../../../runner/plan/interaction.js';

const call: Step = {
  request: { op: 'call', target: ['b', 'is_full'], args: [] } as unknown as Step['request'],
  observe: 'r',
  python: 'b.is_full()',
};
const memo: Step = {
  request: { op: 'double', kind: 'memo', name: 'Board', keep: ['is_win_for'], inModules: true } as unknown as Step['request'],
  python: '',
  only: 'own',
  speedOnly: true,
};
const interaction: Interaction = { steps: [memo, call] };

describe("a speed-only step (the kit's remembering Board)", () => {
  it("runs in the kit, on the student's own parts", () => {
    expect(withStandIns(interaction, 'own').interaction.steps).toEqual([memo, call]);
  });

  it("is left out where a run must show what the pasted snippet gives, and never runs with the document's parts", () => {
    expect(withoutSpeedOnly(withStandIns(interaction, 'own').interaction).steps).toEqual([call]);
    expect(withStandIns(interaction, 'document').interaction.steps).toEqual([call]);
  });

  it('leaves an interaction without one as it is', () => {
    const plain: Interaction = { steps: [call] };
    expect(withoutSpeedOnly(plain)).toBe(plain);
  });
});
