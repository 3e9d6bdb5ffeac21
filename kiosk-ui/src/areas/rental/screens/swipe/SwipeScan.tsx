import type { DecryptedCardSwipe } from '@kiosk/shared-types';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { SwipePanel } from '../../../../components/card/SwipePanel';
import { useStores } from '../../../../shared/stores/StoresProvider';
import { SectionFrame } from '../SectionFrame';
import type { RentalSectionProps } from '../../../../sections/screen-props';
import '../checkout.css';

/**
 * Card swipe (rental §2): 'Please swipe your credit card' with 'Enter credit card manually'. A
 * swiped card fills name, number and expiry on card_details (CVV left to type); manual entry goes
 * there empty.
 */
export default observer(function SwipeScan(_props: RentalSectionProps) {
  const { t } = useTranslation();
  const { rental, checkout } = useStores();
  const onCard = (card: DecryptedCardSwipe) => {
    checkout.applySwipe(card);
    rental.done();
  };
  const onManual = () => {
    checkout.clearCard();
    rental.setCardSwiped(false);
    rental.done();
  };
  return (
    <SectionFrame title={t('rental.card.details_title')} hideDone>
      <SwipePanel onCard={onCard} onManual={onManual} />
      <p className="checkout-note">{t('rental.card.other_payments')}</p>
    </SectionFrame>
  );
});
