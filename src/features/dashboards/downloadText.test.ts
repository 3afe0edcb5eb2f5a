import { describe, expect, it } from 'vitest';
import { fileNameFor } from './downloadText';

describe('fileNameFor', () => {
  it('names the file after the title, replacing characters no file system takes', () => {
    expect(fileNameFor('Ops wall', 'txt')).toBe('Ops wall.txt');
    expect(fileNameFor('a/b:c*?', 'txt')).toBe('a_b_c_.txt');
    expect(fileNameFor('  ..  ', 'txt')).toBe('dashboard.txt');
  });
});
