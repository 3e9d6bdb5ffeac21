import { observer } from 'mobx-react-lite';

export const LanguageToggle = observer(function LanguageToggle() {
  return null;
});
