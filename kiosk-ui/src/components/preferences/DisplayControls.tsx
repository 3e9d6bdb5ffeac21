import { observer } from 'mobx-react-lite';

export const DisplayControls = observer(function DisplayControls() {
  return null;
});
