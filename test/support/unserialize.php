<?php
// Reads a JSON array of base64 bodies (the request body); answers, for each, what PHP's unserialize() made of it
// (objects as arrays with their class under "__class", in property order) and what PHP's own
// serialize() writes for that value, which a faithful body equals byte for byte.
spl_autoload_register(function ($class) {
    // Clients declare the classes before they unserialize; declare each one asked for.
    if (preg_match('/^[A-Za-z_][A-Za-z0-9_]*$/', $class)) eval("class $class {}");
});
function plain($value) {
    if (is_object($value)) {
        $out = ['__class' => get_class($value)];
        foreach (get_object_vars($value) as $name => $item) $out[$name] = plain($item);
        return $out;
    }
    return is_array($value) ? array_map('plain', $value) : $value;
}
$answers = [];
foreach (json_decode(file_get_contents('php://input'), true) as $encoded) {
    $body = base64_decode($encoded);
    $value = @unserialize($body);
    if ($value === false && $body !== serialize(false)) {
        $answers[] = ['error' => 'unserialize failed'];
        continue;
    }
    $answers[] = ['value' => plain($value), 'serialized' => base64_encode(serialize($value))];
}
echo json_encode($answers, JSON_UNESCAPED_UNICODE | JSON_INVALID_UTF8_SUBSTITUTE);
