import { describe, expect, it } from 'vitest';
import { DEFAULT_REVIEW_IMAGE, relativeReviewDate, reviewImageSrc, starFill, swapToFallbackImage } from './reviews';

const now = Date.UTC(2025, 5, 30, 12);
const daysAgo = (days: number) => (now - days * 86_400_000) / 1000;

describe('relativeReviewDate', () => {
  it('says Today for a review of the last 24 hours', () => {
    expect(relativeReviewDate(daysAgo(0.5), now)).toEqual({ key: 'browse.reviews.today', count: 0 });
  });

  it('counts days under a week', () => {
    expect(relativeReviewDate(daysAgo(1), now)).toEqual({ key: 'browse.reviews.days', count: 1 });
    expect(relativeReviewDate(daysAgo(6.9), now)).toEqual({ key: 'browse.reviews.days', count: 6 });
  });

  it('counts weeks from 7 days', () => {
    expect(relativeReviewDate(daysAgo(7), now)).toEqual({ key: 'browse.reviews.weeks', count: 1 });
    expect(relativeReviewDate(daysAgo(29), now)).toEqual({ key: 'browse.reviews.weeks', count: 4 });
  });

  it('counts months from 30 days', () => {
    expect(relativeReviewDate(daysAgo(30), now)).toEqual({ key: 'browse.reviews.months', count: 1 });
    expect(relativeReviewDate(daysAgo(200), now)).toEqual({ key: 'browse.reviews.months', count: 6 });
  });

  it('counts years from a year', () => {
    expect(relativeReviewDate(daysAgo(365), now)).toEqual({ key: 'browse.reviews.years', count: 1 });
    expect(relativeReviewDate(daysAgo(800), now)).toEqual({ key: 'browse.reviews.years', count: 2 });
  });

  it('says Today for a time slightly in the future', () => {
    expect(relativeReviewDate(daysAgo(-1), now).key).toBe('browse.reviews.today');
  });
});

describe('starFill', () => {
  it('fills whole stars and part of the next one', () => {
    expect(starFill(3.5)).toEqual([1, 1, 1, 0.5, 0]);
    expect(starFill(4.3)).toEqual([1, 1, 1, 1, 0.3]);
  });

  it('keeps a rating within 0 to 5 stars', () => {
    expect(starFill(7)).toEqual([1, 1, 1, 1, 1]);
    expect(starFill(-1)).toEqual([0, 0, 0, 0, 0]);
    expect(starFill(Number.NaN)).toEqual([0, 0, 0, 0, 0]);
  });
});

describe('review images', () => {
  it('uses the default picture for a reviewer without one', () => {
    expect(reviewImageSrc(null)).toBe(DEFAULT_REVIEW_IMAGE);
    expect(reviewImageSrc('')).toBe(DEFAULT_REVIEW_IMAGE);
    expect(reviewImageSrc('https://example.com/a.png')).toBe('https://example.com/a.png');
  });

  it('replaces a broken picture with the default one, only once', () => {
    const img = { src: 'https://example.com/broken.png' };
    expect(swapToFallbackImage(img)).toBe(true);
    expect(img.src).toBe(DEFAULT_REVIEW_IMAGE);
    expect(swapToFallbackImage(img)).toBe(false);
    expect(img.src).toBe(DEFAULT_REVIEW_IMAGE);
  });
});
