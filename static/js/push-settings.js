// The settings page's "Notify this device": after the tap (browsers ask for the permission
// only then), the service worker's push manager subscribes with the site's VAPID public key
// (<meta name="vapid-public-key">) and the subscription is POSTed as JSON with the CSRF token;
// the page then reloads to list the device.
(function () {
  const button = document.getElementById("push-subscribe");
  const meta = document.querySelector('meta[name="vapid-public-key"]');
  if (!button || !meta) return;
  const status = document.getElementById("push-status");
  const supported =
    "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
  if (!supported) {
    document.getElementById("push-unsupported").hidden = false;
    return;
  }
  button.hidden = false;

  function keyBytes(base64) {
    const padded = (base64 + "===".slice((base64.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/");
    return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  }

  function csrfToken() {
    const field = document.querySelector('input[name="csrfmiddlewaretoken"]');
    return field ? field.value : "";
  }

  async function worker() {
    if (!navigator.serviceWorker.controller) {
      await navigator.serviceWorker.register(button.dataset.worker, { scope: "/" });
    }
    return navigator.serviceWorker.ready;
  }

  button.addEventListener("click", async function () {
    button.disabled = true;
    status.textContent = "";
    try {
      const permission = await Notification.requestPermission();
      if (permission !== "granted") {
        status.textContent = button.dataset.denied;
        return;
      }
      const registration = await worker();
      const subscription =
        (await registration.pushManager.getSubscription()) ||
        (await registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: keyBytes(meta.content),
        }));
      const response = await fetch(button.dataset.url, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-CSRFToken": csrfToken() },
        body: JSON.stringify(subscription.toJSON()),
      });
      if (!response.ok) {
        const answer = await response.json().catch(() => ({}));
        status.textContent = answer.error || button.dataset.failed;
        return;
      }
      status.textContent = button.dataset.done;
      if (response.status === 201) window.location.reload();
    } catch (error) {
      status.textContent = button.dataset.failed;
    } finally {
      button.disabled = false;
    }
  });
})();
