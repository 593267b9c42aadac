// The settings page: while the time zone is still the default (UTC), the browser's own zone
// is chosen in the list, for the player to save.
(function () {
  const select = document.getElementById("id_time_zone");
  if (!select || select.value !== "UTC" || !window.Intl) return;
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (zone && [...select.options].some((option) => option.value === zone)) select.value = zone;
})();
