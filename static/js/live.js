// The play page's client script (its stream and fallback poll): a placeholder until it lands.
