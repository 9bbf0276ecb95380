import { describe, expect, it } from 'vitest';
import { createLocalSaves } from './chunk-turn.js';

describe('createLocalSaves', () => {
  it("wakes the listeners of the batch saved, each until it stops listening, and not another batch's", () => {
    const saves = createLocalSaves();
    const heard: string[] = [];
    const stopFirst = saves.onSaved('b1', () => heard.push('first'));
    saves.onSaved('b1', () => heard.push('second'));
    saves.onSaved('b2', () => heard.push('other batch'));
    saves.saved('b1');
    stopFirst();
    saves.saved('b1');
    saves.saved('b3');
    expect(heard).toEqual(['first', 'second', 'second']);
  });

  it('lets a listener stop itself while the batch is being told', () => {
    const saves = createLocalSaves();
    const heard: string[] = [];
    const stop = saves.onSaved('b1', () => {
      heard.push('once');
      stop();
    });
    saves.onSaved('b1', () => heard.push('always'));
    saves.saved('b1');
    saves.saved('b1');
    expect(heard).toEqual(['once', 'always', 'always']);
  });
});
