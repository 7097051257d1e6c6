import { describe, expect, it } from 'vitest';
import { graphemesOf } from '../graphemes.js';
import { layoutLine, needsActualText } from './script-text.js';

const texts = (line: string) => layoutLine(line).map((piece) => piece.text);
const families = (line: string) => layoutLine(line).map((piece) => piece.file.key.replace(/-\d+-normal$/, ''));

describe('layoutLine', () => {
  it('keeps a Latin line in one piece of the Latin face', () => {
    expect(texts('Ada Lovelace')).toEqual(['Ada Lovelace']);
    expect(families('Ada Lovelace')).toEqual(['noto-sans-latin']);
  });

  it('gives every script a face that has it', () => {
    expect(families('अदा')[0]).toMatch(/devanagari/);
    expect(families('محمد')[0]).toMatch(/arabic/);
    expect(families('王')[0]).toMatch(/^noto-sans-sc-\d+$/);
    expect(families('😀')[0]).toMatch(/^noto-emoji-\d+$/);
    expect(families('שרה')[0]).toMatch(/hebrew/);
    expect(families('สมชาย')[0]).toMatch(/thai/);
    expect(families('김민준')[0]).toMatch(/^noto-sans-kr-\d+$/);
    expect(families('தமிழ்')[0]).toMatch(/tamil/);
    expect(families('ქართული')[0]).toMatch(/georgian/);
    expect(families('Հայերեն')[0]).toMatch(/armenian/);
    expect(families('አማርኛ')[0]).toMatch(/ethiopic/);
  });

  it('sends emoji to the emoji face first, each sequence whole in one piece', () => {
    for (const emoji of ['👍', '💻', '❤️', '✅', '⭐', '🦄', '🇮🇳', '👩🏽‍💻', '🏳️‍🌈', '1️⃣', '👨‍👩‍👧‍👦']) {
      const pieces = layoutLine(emoji);
      expect(pieces, emoji).toHaveLength(1);
      expect(pieces[0]!.text).toBe(emoji);
      expect(pieces[0]!.file.emoji, emoji).toBe(true);
    }
  });

  it('keeps text symbols in the text face unless asked for emoji', () => {
    expect(families('© 2026')[0]).toMatch(/^noto-sans-latin/);
    expect(families('A ™')).toEqual(['noto-sans-latin']);
  });

  it('lays right-to-left words out right to left, each word in logical order for the shaper', () => {
    expect(texts('محمد علي')).toEqual(['علي', ' ', 'محمد']);
  });

  it('keeps a left-to-right label before a right-to-left name', () => {
    expect(texts('Name: محمد علي')).toEqual(['Name: ', 'علي', ' ', 'محمد']);
  });

  it('keeps numbers inside right-to-left text in their own order', () => {
    const pieces = texts('غرفة 12');
    expect(pieces).toContain('12');
    expect(pieces.indexOf('12')).toBeLessThan(pieces.indexOf('غرفة'));
  });

  it('gives a space the text face, never the emoji face (its space is an em wide)', () => {
    expect(texts('Zoë 😀 Ñúñez')).toEqual(['Zoë ', '😀', ' Ñúñez']);
  });

  it('turns control characters into spaces', () => {
    expect(texts('a\tb\nc')).toEqual(['a b c']);
  });

  it('draws a replacement character for what no face has', () => {
    expect(texts('a\u{10FFFD}b').join('')).toBe('a\ufffdb');
  });

  it('marks lines whose shaping reorders glyphs for ActualText, never right-to-left ones', () => {
    expect(needsActualText('अदा शर्मा')).toBe(true);
    expect(needsActualText('தமிழ்')).toBe(true);
    expect(needsActualText('محمد علي')).toBe(false);
    expect(needsActualText('王小明')).toBe(false);
  });
});

describe('graphemesOf', () => {
  it('keeps conjuncts and emoji sequences whole', () => {
    expect(graphemesOf('👩🏽‍💻a')).toEqual(['👩🏽‍💻', 'a']);
    expect(graphemesOf('क्षि a')).toEqual(['क्षि', ' ', 'a']);
    expect(graphemesOf('🇮🇳🇯🇵')).toEqual(['🇮🇳', '🇯🇵']);
  });
});
