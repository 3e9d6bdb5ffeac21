import { observer } from 'mobx-react-lite';

export const AudioToggle = observer(function AudioToggle() {
  return null;
});
