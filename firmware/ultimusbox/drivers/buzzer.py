"""The piezo buzzer on a PWM pin (through a transistor): tone(hz), 0 for silence."""

from machine import PWM, Pin


class Buzzer:
    def __init__(self, pin):
        self.pwm = PWM(Pin(pin))
        self.pwm.duty_u16(0)

    def tone(self, freq):
        if freq <= 0:
            self.pwm.duty_u16(0)
        else:
            self.pwm.freq(freq)
            self.pwm.duty_u16(32768)
