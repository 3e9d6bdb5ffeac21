import type { Review, ReviewSource } from '@kiosk/shared-types';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { MAX_STARS, relativeReviewDate, reviewImageSrc, starFill, swapToFallbackImage } from '../reviews';
import { useStores } from '../../../shared/stores/StoresProvider';
import { OPERATOR_LANGUAGE } from '../../../i18n/operator-language';

/** Five stars, each filled to its share of the rating (3.5 → three and a half). */
export function Stars({ rating }: { rating: number }) {
  const { t } = useTranslation();
  return (
    <span className="stars" role="img" aria-label={t('browse.reviews.rating', { rating, max: MAX_STARS })}>
      {starFill(rating).map((fill, index) => (
        <span key={index} className="stars__star" aria-hidden="true">
          <span className="stars__fill" style={{ width: `${fill * 100}%` }} />
        </span>
      ))}
    </span>
  );
}

function ReviewCard({ review }: { review: Review }) {
  const { t } = useTranslation();
  const when = relativeReviewDate(review.time);
  return (
    <li className="review">
      <div className="review__head">
        <img
          className="review__avatar"
          src={reviewImageSrc(review.image_url)}
          alt=""
          onError={(event) => swapToFallbackImage(event.currentTarget)}
          draggable={false}
        />
        <div>
          <p className="review__author">{review.author_name}</p>
          <p className="review__date">{t(when.key, { count: when.count })}</p>
        </div>
      </div>
      <Stars rating={review.user_rate} />
      <p className="review__text" lang={OPERATOR_LANGUAGE}>
        {review.text}
      </p>
    </li>
  );
}

function ReviewSourceBlock({ name, source }: { name: string; source: ReviewSource }) {
  const { t } = useTranslation();
  return (
    <section className="review-source" aria-label={t('browse.reviews.source', { source: name })}>
      <div className="review-source__head">
        <h3 className="review-source__name">{name}</h3>
        <span className="review-source__overall">{source.overall_rating.toFixed(1)}</span>
        <Stars rating={source.overall_rating} />
        <span className="review-source__count">{t('browse.reviews.count', { count: source.review_count })}</span>
      </div>
      <ul className="review-source__list">
        {source.user_reviews.map((review) => (
          <ReviewCard key={`${review.author_name}-${review.time}`} review={review} />
        ))}
      </ul>
    </section>
  );
}

/** Google and Yelp reviews: author, relative date, partial stars out of 5, text. */
export const Reviews = observer(function Reviews() {
  const { t } = useTranslation();
  const { units } = useStores();
  const { google, yelp } = units.reviews;
  if (!google && !yelp) return null;
  return (
    <section className="reviews" aria-labelledby="reviews-title">
      <h2 id="reviews-title" className="section-title">
        {t('browse.reviews.title')}
      </h2>
      <div className="reviews__sources">
        {google && <ReviewSourceBlock name="Google" source={google} />}
        {yelp && <ReviewSourceBlock name="Yelp" source={yelp} />}
      </div>
    </section>
  );
});
