// Keeps what a person types and presses before the page's scripts have run. The page paints first
// and loads its scripts after (api/http/paintFirst.ts), so on a slow phone a person can fill in a
// form and press its button before React has hydrated it. Until then (a blocking script in <head>,
// so it listens before any field exists) this notes the last value of every field the person
// changed, in the order they changed them, and holds back each press of a button and each submit
// of a form: the browser's own submit would reload the page and lose it all, and a button's click
// would do nothing. Once React has hydrated the page, ui/lib/typedAhead.ts hands the values to
// React and replays the presses in their order, each once.
(function () {
  var ahead = { fields: new Map(), presses: [], handedOver: false };
  window.pizzakioskenTypedAhead = ahead;
  function isField(target) {
    return (
      target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement
    );
  }
  function note(event) {
    var field = event.target;
    if (ahead.handedOver || !isField(field)) return;
    var checkable = field.type === 'checkbox' || field.type === 'radio';
    // Last changed, last handed over: a radio chosen after another of its group wins.
    ahead.fields.delete(field);
    ahead.fields.set(field, checkable ? field.checked : field.value);
  }
  // Neither the browser (a reload, the fields in the URL) nor a half-hydrated React (without the
  // values it does not hold yet) takes a press now: it is replayed once React holds them.
  function holdBack(event, press) {
    event.preventDefault();
    event.stopPropagation();
    ahead.presses.push(press);
  }
  document.addEventListener('input', note, true);
  document.addEventListener('change', note, true);
  document.addEventListener(
    'click',
    function (event) {
      var button = ahead.handedOver || !(event.target instanceof Element) ? null : event.target.closest('button');
      if (button && button.type === 'button') holdBack(event, { button: button });
    },
    true,
  );
  document.addEventListener(
    'submit',
    function (event) {
      if (!ahead.handedOver) holdBack(event, { form: event.target, submitter: event.submitter || null });
    },
    true,
  );
})();
